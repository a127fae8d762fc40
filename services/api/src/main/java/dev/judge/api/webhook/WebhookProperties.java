package dev.judge.api.webhook;

import java.time.Duration;
import java.util.List;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Deliveries of finished submissions to their callback URLs.
 *
 * @param enabled whether this replica delivers (every replica does by default; they share the work)
 * @param allowPrivateTargets whether a callback may reach loopback, private, link-local or other
 *        internal addresses; off, since a judge that calls any URL it is given is a way into the
 *        network it runs in (tests on loopback turn it on); on, any port too
 * @param allowedPorts the ports a callback URL may name (80 and 443 when it names none)
 * @param resolveTimeout how long a submission waits for its callback host's addresses before it is refused
 * @param giveUpAfter how long after the verdict a delivery is retried before it is marked FAILED
 * @param firstRetryDelay the wait before the first retry; each next one waits twice as long, up to {@code maxRetryDelay}
 * @param maxRetryDelay the longest wait between two attempts
 * @param timeout how long one attempt may take, connecting included
 * @param concurrency deliveries in flight at once per API replica
 * @param perKeyConcurrency deliveries of one key in flight at once per API replica: a key whose receiver
 *        is slow (each attempt may take {@code timeout}) holds at most this many, and other keys' go on
 */
@ConfigurationProperties("judge.webhooks")
public record WebhookProperties(
        @DefaultValue("true") boolean enabled,
        @DefaultValue("false") boolean allowPrivateTargets,
        @DefaultValue({"80", "443"}) List<Integer> allowedPorts,
        @DefaultValue("2s") Duration resolveTimeout,
        @DefaultValue("1h") Duration giveUpAfter,
        @DefaultValue("1s") Duration firstRetryDelay,
        @DefaultValue("5m") Duration maxRetryDelay,
        @DefaultValue("10s") Duration timeout,
        @DefaultValue("16") int concurrency,
        @DefaultValue("4") int perKeyConcurrency) {

    /** The wait before attempt {@code attempt + 1}, after {@code attempt} failed ones. */
    public Duration retryDelay(int attempts) {
        Duration delay = firstRetryDelay.multipliedBy(1L << Math.min(attempts - 1, 20));
        return delay.compareTo(maxRetryDelay) > 0 ? maxRetryDelay : delay;
    }
}
