package dev.judge.api.access;

import java.time.Duration;
import java.util.Optional;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.stereotype.Component;

/** Counts submissions against their key's quotas; anonymous and admin submissions have none. */
@Component
public class Quotas {

    private final ApiKeyRepository keys;
    private final MeterRegistry meters;

    Quotas(ApiKeyRepository keys, MeterRegistry meters) {
        this.keys = keys;
        this.meters = meters;
    }

    /**
     * Counts {@code count} submissions of this caller, in the caller's transaction (so that they are
     * counted only if they are stored), or throws 429 naming the quota they would exceed.
     *
     * @param waitingRetryAfter when to try again if the key has too many waiting: when verdicts are
     *        likely to have made room
     * @return the key's use of its quotas, for the answer's headers; empty for callers without quotas
     */
    public Optional<Quota.Usage> reserve(Caller caller, int count, Duration waitingRetryAfter) {
        if (!(caller instanceof Caller.KeyHolder holder)) {
            return Optional.empty();
        }
        Quota.Usage usage = keys.reserve(holder.keyId(), count);
        if (!usage.granted()) {
            Counter.builder("judge.quota.refused")
                    .description("Submissions refused with 429 because their key was over a quota")
                    .tag("key", holder.key().name())
                    .tag("quota", usage.overPerMinute(count) ? Quota.MINUTE : Quota.WAITING)
                    .register(meters)
                    .increment(count);
            throw new QuotaExceededException(usage, count, waitingRetryAfter);
        }
        return Optional.of(usage);
    }
}
