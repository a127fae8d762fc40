package dev.judge.api.submission;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.stereotype.Component;

import dev.judge.api.access.Caller;
import dev.judge.api.access.Quota;
import dev.judge.api.access.Quotas;
import dev.judge.contracts.Lane;

/**
 * Stores single submissions in batches ("group commit"), so that a burst costs the database a few
 * statements per batch rather than two or three per submission, and a busy key's row is updated once
 * per batch rather than once per submission by every request at the same time.
 *
 * <p>A POST hands its submission to the writers and waits for it to be stored. Each of
 * {@code judge.submissions.writers} threads takes what is waiting (up to {@code write-batch-size}),
 * reserves each key's places with one statement per key ({@link Quotas#reserveUpTo}; the submissions
 * without room get their 429), stores the rest with one statement, and answers every POST of the
 * batch. A batch that breaks a row's check (a problem whose version is not ready) is stored one by
 * one, so that only that submission is refused; a batch the database cannot take fails whole (503),
 * its places given back. Under light load a batch is one submission, stored as it would be alone.
 *
 * <p>Stops after the web server, which lets the requests in flight finish: every submission handed
 * over is stored or refused before the writers end; one handed over after that is stored on its own thread.
 */
@Component
class SubmissionWriter implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(SubmissionWriter.class);
    /** After the web server's graceful shutdown (Spring Boot stops it in a phase below the default). */
    private static final int PHASE = SmartLifecycle.DEFAULT_PHASE - 4096;

    private final SubmissionRepository submissions;
    private final Quotas quotas;
    private final SubmissionProperties properties;
    private final DistributionSummary batchSizes;
    private final LinkedBlockingQueue<Pending> waiting = new LinkedBlockingQueue<>();
    private final List<Thread> writers = new ArrayList<>();
    private volatile boolean running;

    SubmissionWriter(
            SubmissionRepository submissions, Quotas quotas, SubmissionProperties properties, MeterRegistry meters) {
        this.submissions = submissions;
        this.quotas = quotas;
        this.properties = properties;
        this.batchSizes = DistributionSummary.builder("judge.submissions.write.batch")
                .description("Submissions stored by one statement of the submission writers")
                .register(meters);
        Gauge.builder("judge.submissions.write.waiting", waiting, LinkedBlockingQueue::size)
                .description("Submissions handed to the writers and not yet taken into a batch")
                .register(meters);
    }

    /** A submission waiting to be stored, and where its outcome goes. */
    private record Pending(
            Caller caller,
            SubmissionRepository.NewSubmission row,
            Duration waitingRetryAfter,
            CompletableFuture<Quotas.Reserved<SubmissionView>> outcome) {}

    /**
     * Stores this submission (no callback) with the next batch, counted against the caller's quotas.
     *
     * @param waitingRetryAfter when to try again if the key has too many waiting
     * @return it as stored, and the key's use of its quotas after it
     */
    Quotas.Reserved<SubmissionView> store(
            Caller caller, SubmissionRequest request, Lane lane, Duration waitingRetryAfter) {
        Pending pending = new Pending(
                caller,
                new SubmissionRepository.NewSubmission(UUID.randomUUID(), request, lane, caller.keyId()),
                waitingRetryAfter,
                new CompletableFuture<>());
        waiting.add(pending);
        // Not started yet, or stopped: no writer may come for it (see writeWhileRunning).
        if (!running && waiting.remove(pending)) {
            write(List.of(pending));
        }
        try {
            return pending.outcome().join();
        } catch (CompletionException e) {
            throw e.getCause() instanceof RuntimeException cause ? cause : e;
        }
    }

    private void writeWhileRunning() {
        List<Pending> batch = new ArrayList<>(properties.writeBatchSize());
        // After a stop, what was handed over before it is still written.
        while (running || !waiting.isEmpty()) {
            try {
                Pending first = waiting.poll(100, TimeUnit.MILLISECONDS);
                if (first == null) {
                    continue;
                }
                batch.add(first);
                waiting.drainTo(batch, properties.writeBatchSize() - 1);
                write(batch);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                log.warn("A submission writer was interrupted; the others and the callers' threads go on");
                return;
            } finally {
                batch.clear();
            }
        }
    }

    /** Stores or refuses every submission of the batch; never throws. */
    private void write(List<Pending> batch) {
        batchSizes.record(batch.size());
        Map<Pending, Optional<Quota.Usage>> granted = new LinkedHashMap<>();
        try {
            reserve(batch, granted);
            store(granted);
        } catch (RuntimeException e) {
            giveBack(granted.keySet());
            batch.forEach(pending -> pending.outcome().completeExceptionally(e));
        }
    }

    /** Each key's places with one statement; the submissions without one get their 429 now. */
    private void reserve(List<Pending> batch, Map<Pending, Optional<Quota.Usage>> granted) {
        Map<UUID, List<Pending>> byKey = new LinkedHashMap<>();
        for (Pending pending : batch) {
            if (pending.caller() instanceof Caller.KeyHolder holder) {
                byKey.computeIfAbsent(holder.keyId(), id -> new ArrayList<>()).add(pending);
            } else {
                granted.put(pending, Optional.empty()); // anonymous and admin submissions have no quotas
            }
        }
        for (List<Pending> ofKey : byKey.values()) {
            Caller.KeyHolder holder = (Caller.KeyHolder) ofKey.getFirst().caller();
            Quotas.Reservation reservation = quotas.reserveUpTo(holder, ofKey.size());
            for (int i = 0; i < ofKey.size(); i++) {
                Pending pending = ofKey.get(i);
                if (i < reservation.granted()) {
                    granted.put(pending, Optional.of(reservation.usage()));
                } else {
                    pending.outcome()
                            .completeExceptionally(
                                    quotas.refusal(holder, reservation.usage(), pending.waitingRetryAfter()));
                }
            }
        }
    }

    /** One statement for all; if a row's check breaks it, one each, so that only that one is refused. */
    private void store(Map<Pending, Optional<Quota.Usage>> granted) {
        if (granted.isEmpty()) {
            return;
        }
        List<Pending> rows = new ArrayList<>(granted.keySet());
        Map<UUID, SubmissionView> stored;
        try {
            stored = submissions.insertAll(rows.stream().map(Pending::row).toList());
        } catch (DataIntegrityViolationException brokenCheck) {
            storeOneByOne(granted);
            return;
        }
        rows.forEach(pending -> pending.outcome()
                .complete(new Quotas.Reserved<>(stored.get(pending.row().id()), granted.get(pending))));
    }

    private void storeOneByOne(Map<Pending, Optional<Quota.Usage>> granted) {
        for (Map.Entry<Pending, Optional<Quota.Usage>> entry : granted.entrySet()) {
            Pending pending = entry.getKey();
            SubmissionRepository.NewSubmission row = pending.row();
            try {
                SubmissionView view = submissions.insert(row.id(), row.request(), row.lane(), row.apiKeyId());
                pending.outcome().complete(new Quotas.Reserved<>(view, entry.getValue()));
            } catch (RuntimeException e) {
                giveBack(List.of(pending));
                pending.outcome().completeExceptionally(e);
            }
        }
    }

    /** The places of submissions not stored after all (best effort: the idle keys' recount corrects the rest). */
    private void giveBack(Iterable<Pending> notStored) {
        for (Pending pending : notStored) {
            if (pending.caller() instanceof Caller.KeyHolder holder
                    && !pending.outcome().isDone()) {
                try {
                    quotas.release(holder, 1);
                } catch (RuntimeException e) {
                    log.warn("Could not give back a place of key {}: {}", holder.keyId(), e.toString());
                }
            }
        }
    }

    @Override
    public void start() {
        running = true;
        for (int i = 0; i < properties.writers(); i++) {
            writers.add(
                    Thread.ofPlatform().daemon().name("submission-writer-" + i).start(this::writeWhileRunning));
        }
    }

    @Override
    public void stop() {
        running = false;
        for (Thread writer : writers) {
            try {
                writer.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
        writers.clear();
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    @Override
    public int getPhase() {
        return PHASE;
    }
}
