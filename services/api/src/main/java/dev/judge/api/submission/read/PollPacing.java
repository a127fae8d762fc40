package dev.judge.api.submission.read;

import java.time.Duration;
import java.util.Optional;
import java.util.UUID;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

import dev.judge.api.submission.PollingProperties;
import dev.judge.api.submission.QueueEstimate;
import dev.judge.api.submission.SubmissionQueued;
import dev.judge.api.submission.SubmissionView;

/**
 * When each submission was last told to be polled again ({@code Retry-After}), and in which state
 * (its ETag), so that a client polling far sooner is answered 429 at once. Per replica and per
 * submission: a client whose polls land on several replicas, or two clients polling one submission,
 * may get a 429 late or early, and either way learn when to come back. A poll is paced only while the
 * submission is in the state it was told about: once it changed, the next poll is worth answering,
 * even if a poll answered from the old state told a wait just as the change came in.
 */
@Component
class PollPacing {

    private final Cache<UUID, Due> due;
    private final double tolerance;
    private final QueueEstimate queue;

    PollPacing(ReadProperties reads, PollingProperties polling, QueueEstimate queue) {
        this.queue = queue;
        this.tolerance = reads.pollTolerance();
        this.due = Caffeine.newBuilder()
                .maximumSize(reads.cacheSize())
                .expireAfterWrite(polling.maxRetryAfter())
                .build();
    }

    /** The client, shown the submission in the state {@code etag}, was told to come back after {@code retryAfter}. */
    void told(UUID id, String etag, Duration retryAfter) {
        long now = System.nanoTime();
        due.put(id, new Due(etag, now + (long) (retryAfter.toNanos() * (1 - tolerance)), now + retryAfter.toNanos()));
    }

    /**
     * When a client shown this submission should poll again, remembered as told: the one rule by which
     * a poll answered in full and a poll answered 304 (by the controller or the shortcut) say so.
     */
    Optional<Duration> nextPoll(SubmissionView view) {
        Optional<Duration> wait = queue.retryAfter(view);
        wait.ifPresent(retryAfter -> told(view.id(), view.etag(), retryAfter));
        return wait;
    }

    /** A submission just accepted: its client was told when to poll in the {@code 202}. */
    @EventListener
    void told(SubmissionQueued queued) {
        told(queued.view().id(), queued.view().etag(), queued.retryAfter());
    }

    /** How much longer the client should have waited, if it came far too soon for a submission still in the state {@code etag}. */
    Optional<Duration> tooSoon(UUID id, String etag) {
        Due told = due.getIfPresent(id);
        long now = System.nanoTime();
        if (told == null || !told.etag().equals(etag) || now - told.earliest() >= 0) {
            return Optional.empty();
        }
        return Optional.of(Duration.ofNanos(told.retryAt() - now));
    }

    void changed(UUID id) {
        due.invalidate(id);
    }

    private record Due(String etag, long earliest, long retryAt) {}
}
