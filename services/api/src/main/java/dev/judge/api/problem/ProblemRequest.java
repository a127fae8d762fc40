package dev.judge.api.problem;

import java.util.List;

import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.Size;

import io.swagger.v3.oas.annotations.media.Schema;

import dev.judge.api.system.UnicodeText;
import dev.judge.contracts.OutputComparison;

/**
 * A new problem. Limits above the maxima are refused rather than silently capped, so a problem
 * setter learns at once that the judge will not honour them.
 */
record ProblemRequest(
        @NotNull @Size(min = 1, max = 200) @Pattern(regexp = UnicodeText.NOT_BLANK_NOR_NUL, message = UnicodeText.NOT_BLANK_NOR_NUL_MESSAGE)
        @UnicodeText @Schema(example = "Sum") String title,
        @NotNull @Positive @Max(ProblemRequest.MAX_TIME_LIMIT_MS) @Schema(description = "CPU time per test case", example = "2000")
        Integer timeLimitMs,
        @NotNull @Positive @Max(ProblemRequest.MAX_MEMORY_LIMIT_MB) @Schema(example = "256")
        Integer memoryLimitMb,
        @Schema(types = {"string", "null"}, description = "How output is compared; EXACT when left out or null")
        OutputComparison comparison,
        @Schema(types = {"boolean", "null"}, description = "Whether judging stops at the first failing test case; true when left out or null")
        Boolean stopOnFirstFailure,
        @NotNull @Size(min = 1, max = ProblemRequest.MAX_TEST_CASES) List<@Valid @NotNull TestCaseRequest> testCases) {

    static final int MAX_TIME_LIMIT_MS = 10_000;
    static final int MAX_MEMORY_LIMIT_MB = 1_024;
    static final int MAX_TEST_CASES = 100;

    /** Test data is kept byte-exact, NUL included. */
    record TestCaseRequest(
            @NotNull @UnicodeText @Schema(example = "1 2\n") String input,
            @NotNull @UnicodeText @Schema(example = "3\n") String expectedOutput) {
    }
}
