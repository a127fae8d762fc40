package dev.judge.api.messaging;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * @param batchSize how many submissions one relay pass claims and publishes; confirms for a batch are
 *        awaited together, so larger batches mean fewer round trips under a burst
 * @param sweepInterval how often the relay looks for unpublished submissions when nothing woke it
 *        (after a broker outage, or ones another replica accepted and then died)
 * @param retryDelay the pause after a failed pass (broker or database down)
 * @param confirmTimeout how long to wait for the broker's publisher confirms of one batch
 */
@ConfigurationProperties("judge.outbox")
record OutboxProperties(
        @DefaultValue("500") int batchSize,
        @DefaultValue("2s") Duration sweepInterval,
        @DefaultValue("1s") Duration retryDelay,
        @DefaultValue("10s") Duration confirmTimeout) {}
