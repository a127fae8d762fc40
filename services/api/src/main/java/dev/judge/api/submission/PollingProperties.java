package dev.judge.api.submission;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * What the API tells polling clients (the {@code Retry-After} of a submission not yet finished).
 *
 * @param refreshInterval how often each replica re-reads the queue and the verdict rate
 * @param rateWindow how far back recorded verdicts count towards the current verdict rate
 * @param minRetryAfter the shortest wait suggested: also the answer while nothing is known
 * @param maxRetryAfter the longest wait suggested, however long the queue: capacity can grow
 *        (KEDA adds workers) faster than the estimate learns it, and a client should not learn of
 *        its verdict much later than it was given
 */
@ConfigurationProperties("judge.submissions.polling")
public record PollingProperties(
        @DefaultValue("1s") Duration refreshInterval,
        @DefaultValue("10s") Duration rateWindow,
        @DefaultValue("1s") Duration minRetryAfter,
        @DefaultValue("30s") Duration maxRetryAfter) {}
