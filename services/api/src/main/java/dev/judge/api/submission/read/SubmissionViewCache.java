package dev.judge.api.submission.read;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Expiry;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.cache.CaffeineCacheMetrics;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

import dev.judge.api.submission.SubmissionQueued;
import dev.judge.api.submission.SubmissionRepository;
import dev.judge.api.submission.SubmissionView;
import dev.judge.api.system.TryLaterException;

/**
 * Submissions as clients read them, from memory: polls and event streams need no database round
 * trip while thousands of clients wait.
 *
 * <p>Kept current by the change notices every replica receives ({@link SubmissionUpdateListener}):
 * each changed submission held here is read again, in one query per batch of notices. A submission
 * accepted here is held from the start. What is not held is read once, at most
 * {@code maxDatabaseReads} at a time; past that a read is answered 503 rather than queued. Should
 * notices be lost (the listener reconnecting), everything not finished is dropped and read again.
 *
 * <p>Only finished submissions (and unknown ids) count towards {@code cacheSize}: one still being
 * judged is held until it finishes or its time is up, so that hot old verdicts never push out the
 * submissions clients are waiting on (a size-bounded cache admits newcomers by how often entries
 * were read).
 */
@Component
class SubmissionViewCache {

    private final Cache<UUID, Held> held;
    // Ids being read from the database now, with how many reads of each are on their way.
    private final Map<UUID, Integer> reading = new ConcurrentHashMap<>();
    private final SubmissionRepository submissions;
    private final Semaphore databaseReads;
    private final ReadProperties properties;

    SubmissionViewCache(SubmissionRepository submissions, ReadProperties properties, MeterRegistry meters) {
        this.submissions = submissions;
        this.properties = properties;
        this.databaseReads = new Semaphore(properties.maxDatabaseReads());
        this.held = Caffeine.newBuilder()
                .maximumWeight(properties.cacheSize())
                .weigher((UUID id, Held entry) -> entry.waitedOn() ? 0 : 1)
                .expireAfter(Expiry.<UUID, Held>writing((id, entry) -> entry.view() == null
                        ? properties.unknownIdTtl()
                        : entry.view().isFinished() ? properties.finishedTtl() : properties.unfinishedTtl()))
                .recordStats()
                .build();
        CaffeineCacheMetrics.monitor(meters, held, "judge.submissions");
    }

    /** The submission, from memory or else from the database; 503 when the database is busy with such reads. */
    Optional<SubmissionView> find(UUID id) {
        Held entry = held.getIfPresent(id);
        if (entry == null) {
            // A change notice that arrives while this read is on its way must not be lost, or this
            // replica would answer the state it read until the next change: changed() reads such an
            // id again, and its put waits for this load to finish and then replaces it.
            reading.merge(id, 1, Integer::sum);
            try {
                entry = held.get(id, this::read);
            } finally {
                reading.computeIfPresent(id, (key, readers) -> readers == 1 ? null : readers - 1);
            }
        }
        return Optional.ofNullable(entry.view());
    }

    /**
     * Each of these submissions that exists, in the order given: those held here from memory, the
     * others in one database read (which counts as one of the {@code maxDatabaseReads}).
     */
    List<SubmissionView> findAll(List<UUID> ids) {
        Map<UUID, SubmissionView> found = new HashMap<>();
        List<UUID> missing = new ArrayList<>();
        for (UUID id : ids) {
            Held entry = held.getIfPresent(id);
            if (entry == null) {
                missing.add(id);
            } else if (entry.view() != null) {
                found.put(id, entry.view());
            }
        }
        if (!missing.isEmpty()) {
            acquireDatabaseRead();
            try {
                found.putAll(submissions.findAll(missing));
            } finally {
                databaseReads.release();
            }
        }
        return ids.stream().distinct().map(found::get).filter(Objects::nonNull).toList();
    }

    /** A submission this replica just accepted: held from the start, for the polls to come. */
    @EventListener
    void hold(SubmissionQueued queued) {
        hold(queued.view());
    }

    void hold(SubmissionView view) {
        held.put(view.id(), new Held(view));
    }

    /**
     * These submissions changed: reads those held here, or wanted by {@code followed}, again, and
     * returns them as they are now.
     */
    Map<UUID, SubmissionView> changed(Collection<UUID> ids, Predicate<UUID> followed) {
        List<UUID> wanted = ids.stream()
                .distinct()
                .filter(id -> held.getIfPresent(id) != null || reading.containsKey(id) || followed.test(id))
                .toList();
        if (wanted.isEmpty()) {
            return Map.of();
        }
        Map<UUID, SubmissionView> now = submissions.findAll(wanted);
        now.values().forEach(this::hold);
        return now;
    }

    /** Notices may have been lost: forget everything that can still change. */
    void forgetUnfinished() {
        held.asMap()
                .values()
                .removeIf(entry -> entry.view() == null || !entry.view().isFinished());
    }

    private Held read(UUID id) {
        acquireDatabaseRead();
        try {
            return new Held(submissions.find(id).orElse(null));
        } finally {
            databaseReads.release();
        }
    }

    private void acquireDatabaseRead() {
        boolean permitted;
        try {
            permitted = databaseReads.tryAcquire(properties.databaseReadWait().toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            permitted = false;
        }
        if (!permitted) {
            throw TryLaterException.overloaded(Duration.ofSeconds(1));
        }
    }

    /** A submission as last read; null for an id that named none. */
    private record Held(SubmissionView view) {

        boolean waitedOn() {
            return view != null && !view.isFinished();
        }
    }
}
