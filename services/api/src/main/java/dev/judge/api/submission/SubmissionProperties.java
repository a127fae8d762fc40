package dev.judge.api.submission;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * Limits on what the API accepts.
 *
 * @param maxSourceSize the largest source accepted, in UTF-8 bytes (documented in the README)
 * @param maxStdinSize the largest input of a run without a problem
 * @param runTimeLimitMs the time limit of a run without a problem
 * @param runMemoryLimitMb the memory limit of a run without a problem
 */
@ConfigurationProperties("judge.submissions")
public record SubmissionProperties(
        @DefaultValue("64KB") DataSize maxSourceSize,
        @DefaultValue("1MB") DataSize maxStdinSize,
        @DefaultValue("2000") long runTimeLimitMs,
        @DefaultValue("256") long runMemoryLimitMb) {
}
