package dev.judge.api.problem;

import static dev.judge.api.problem.ProblemRequest.MAX_MEMORY_LIMIT_MB;
import static dev.judge.api.problem.ProblemRequest.MAX_TIME_LIMIT_MS;

import io.swagger.v3.oas.annotations.media.Schema;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Positive;

import dev.judge.contracts.SetterLimits;

/** The contract's {@link SetterLimits}; each left out or null for the workers'. */
@Schema(name = "SetterLimits")
public record SetterLimitsRequest(
        @Positive
        @Max(MAX_TIME_LIMIT_MS)
        @Schema(
                types = {"integer", "null"},
                example = "10000")
        Integer timeLimitMs,

        @Positive
        @Max(MAX_MEMORY_LIMIT_MB)
        @Schema(
                types = {"integer", "null"},
                example = "1024")
        Integer memoryLimitMb) {

    SetterLimits toContract() {
        return new SetterLimits(
                timeLimitMs == null ? null : timeLimitMs.longValue(),
                memoryLimitMb == null ? null : memoryLimitMb.longValue());
    }

    static SetterLimitsRequest of(SetterLimits limits) {
        return limits.isWorkers()
                ? null
                : new SetterLimitsRequest(
                        limits.timeLimitMs() == null
                                ? null
                                : limits.timeLimitMs().intValue(),
                        limits.memoryLimitMb() == null
                                ? null
                                : limits.memoryLimitMb().intValue());
    }
}
