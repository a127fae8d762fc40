package dev.judge.api.submission;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Limits on what the API accepts. Lengths count Unicode characters (code points), as JSON Schema's
 * {@code maxLength} does, so that the OpenAPI document states them exactly.
 *
 * @param maxSourceLength the longest source accepted
 * @param maxStdinLength the longest input of a run without a problem
 * @param runTimeLimitMs the time limit of a run without a problem
 * @param runMemoryLimitMb the memory limit of a run without a problem
 * @param writers threads storing submissions in batches ({@link SubmissionWriter}): each holds one
 *        database connection while it writes, so a burst needs a few connections, not one per request
 * @param writeBatchSize the most submissions one batch stores
 * @param maxOutputsLength the most characters an output-only problem's submission gives, all its
 *        outputs together
 */
@ConfigurationProperties("judge.submissions")
public record SubmissionProperties(
        @DefaultValue("65536") int maxSourceLength,
        @DefaultValue("1048576") int maxStdinLength,
        @DefaultValue("2000") long runTimeLimitMs,
        @DefaultValue("256") long runMemoryLimitMb,
        @DefaultValue("2") int writers,
        @DefaultValue("200") int writeBatchSize,
        @DefaultValue("4194304") int maxOutputsLength) {}
