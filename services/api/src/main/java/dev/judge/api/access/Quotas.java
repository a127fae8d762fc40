package dev.judge.api.access;

import java.time.Duration;
import java.util.Optional;
import java.util.function.Supplier;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Counts submissions against their key's quotas; anonymous and admin submissions have none.
 *
 * <p>A reservation is a statement of its own, committed without waiting for the disk, ahead of the
 * transaction that stores the submissions: the key's row stays locked only while that statement runs.
 * Inside the storing transaction, the lock would be held through that transaction's disk flush,
 * and a busy key's submissions would be stored one flush at a time ({@code make bench}, keyed
 * clients). Nothing is lost by not waiting: the submissions' own commit flushes the log up to and
 * past the reservation. Should the API die between the two, the key keeps a place too many until
 * {@link #recountIdleKeys} puts it right.
 */
@Component
public class Quotas {

    private final ApiKeyRepository keys;
    private final MeterRegistry meters;
    private final boolean keyNamesInMetrics;

    Quotas(ApiKeyRepository keys, MeterRegistry meters, AccessProperties properties) {
        this.keys = keys;
        this.meters = meters;
        this.keyNamesInMetrics = properties.keyNamesInMetrics();
        if (!keyNamesInMetrics) {
            // Made at 0 now: a counter made by its first refusal starts at 1, an increase rate() never sees.
            refused("any", Quota.MINUTE);
            refused("any", Quota.WAITING);
        }
    }

    /**
     * Stores {@code count} submissions with {@code store} if the caller's quotas allow them, or throws
     * 429 naming the quota they would exceed; a failed {@code store} gives the places back.
     *
     * @param runs what they count against the per-minute quota: a run on several inputs ({@code stdins})
     *        counts each, as that many runs on one would (it had counted once: 20 runs for one)
     * @param waitingRetryAfter when to try again if the key has too many waiting: when verdicts are
     *        likely to have made room
     * @return what {@code store} returned, and the key's use of its quotas (empty for callers without quotas)
     */
    public <T> Reserved<T> reserveAndStore(
            Caller caller, int count, int runs, Duration waitingRetryAfter, Supplier<T> store) {
        if (!(caller instanceof Caller.KeyHolder holder)) {
            return new Reserved<>(store.get(), Optional.empty());
        }
        Quota.Usage usage = keys.reserve(holder.keyId(), count, runs);
        if (!usage.granted()) {
            refused(
                            keyNamesInMetrics ? holder.key().name() : "any",
                            usage.overPerMinute(runs) ? Quota.MINUTE : Quota.WAITING)
                    .increment(count);
            throw new QuotaExceededException(usage, count, runs, waitingRetryAfter);
        }
        try {
            return new Reserved<>(store.get(), Optional.of(usage));
        } catch (RuntimeException e) {
            keys.release(holder.keyId(), count, runs);
            throw e;
        }
    }

    /**
     * Throws the 429 one more submission of the caller's would get now, counting nothing: for work done
     * before a submission is counted (unpacking an outputs zip). Its reservation still decides.
     */
    public void requireRoom(Caller caller, Duration waitingRetryAfter) {
        if (!(caller instanceof Caller.KeyHolder holder)) {
            return;
        }
        Quota.Usage usage = keys.usage(holder.keyId());
        if (!usage.granted()) {
            throw refusal(holder, usage, waitingRetryAfter);
        }
    }

    /**
     * Reserves places for up to {@code count} of a key's submissions with as few statements as its
     * quotas allow: all at once, else as many as there is room for. Submissions stored in a batch of
     * many keys' ({@code SubmissionWriter}) are counted so, one statement per key rather than per submission.
     *
     * @return how many were granted (the first ones, in order), and the key's usage after it
     */
    public Reservation reserveUpTo(Caller.KeyHolder holder, int count) {
        int wanted = count;
        while (true) {
            Quota.Usage usage = keys.reserve(holder.keyId(), wanted, wanted);
            if (usage.granted()) {
                return new Reservation(wanted, usage);
            }
            int room = Math.min(
                    usage.quota().perMinute() - usage.windowCount(),
                    usage.quota().maxWaiting() - usage.waiting());
            // Another replica may take the room meanwhile: then ask again for less.
            wanted = Math.min(room, wanted - 1);
            if (wanted <= 0) {
                return new Reservation(0, usage);
            }
        }
    }

    /** The key's places reserved for {@code count} submissions that were not stored after all. */
    public void release(Caller.KeyHolder holder, int count) {
        keys.release(holder.keyId(), count, count);
    }

    /** The 429 for one of a key's submissions that {@link #reserveUpTo} left without a place. */
    public QuotaExceededException refusal(Caller.KeyHolder holder, Quota.Usage usage, Duration waitingRetryAfter) {
        refused(keyNamesInMetrics ? holder.key().name() : "any", usage.overPerMinute(1) ? Quota.MINUTE : Quota.WAITING)
                .increment();
        return new QuotaExceededException(usage, 1, 1, waitingRetryAfter);
    }

    /** Places granted to the first {@code granted} submissions asked for, and the key's usage after it. */
    public record Reservation(int granted, Quota.Usage usage) {}

    private Counter refused(String key, String quota) {
        return Counter.builder("judge.quota.refused")
                .description("Submissions refused with 429 because their key was over a quota")
                .tag("key", key)
                .tag("quota", quota)
                .register(meters);
    }

    /** What was stored, and the key's use of its quotas after it. */
    public record Reserved<T>(T stored, Optional<Quota.Usage> usage) {}

    /** Puts right the waiting counts an API that died mid-request left too high, on keys idle for a while. */
    @Scheduled(
            fixedDelayString = "${judge.access.recount-interval:60s}",
            initialDelayString = "${judge.access.recount-interval:60s}")
    public void recountIdleKeys() {
        keys.recountIdle(Duration.ofMinutes(5));
    }
}
