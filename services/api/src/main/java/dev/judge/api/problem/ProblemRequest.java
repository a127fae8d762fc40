package dev.judge.api.problem;

import java.util.List;

import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.Size;

import dev.judge.contracts.OutputComparison;

/**
 * A new problem. Limits above the maxima are refused rather than silently capped, so a problem
 * setter learns at once that the judge will not honour them.
 *
 * @param comparison EXACT when omitted
 * @param stopOnFirstFailure true when omitted: judging stops at the first failing test case
 */
record ProblemRequest(
        @NotBlank @Size(max = 200) String title,
        @NotNull @Positive @Max(ProblemRequest.MAX_TIME_LIMIT_MS) Integer timeLimitMs,
        @NotNull @Positive @Max(ProblemRequest.MAX_MEMORY_LIMIT_MB) Integer memoryLimitMb,
        OutputComparison comparison,
        Boolean stopOnFirstFailure,
        @NotEmpty @Size(max = ProblemRequest.MAX_TEST_CASES) List<@Valid @NotNull TestCaseRequest> testCases) {

    static final int MAX_TIME_LIMIT_MS = 10_000;
    static final int MAX_MEMORY_LIMIT_MB = 1_024;
    static final int MAX_TEST_CASES = 100;

    record TestCaseRequest(@NotNull String input, @NotNull String expectedOutput) {
    }
}
