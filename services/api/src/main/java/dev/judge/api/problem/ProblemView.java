package dev.judge.api.problem;

import java.util.List;

import io.swagger.v3.oas.annotations.media.Schema;

import dev.judge.contracts.OutputComparison;

record ProblemView(
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED) long id,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED) String title,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED) int timeLimitMs,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED) int memoryLimitMb,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED) OutputComparison comparison,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED) boolean stopOnFirstFailure,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED) List<TestCaseView> testCases) {

    /** A test case as clients see it (and send it). */
    @Schema(name = "TestCase")
    record TestCaseView(
            @Schema(requiredMode = Schema.RequiredMode.REQUIRED) String input,
            @Schema(requiredMode = Schema.RequiredMode.REQUIRED) String expectedOutput) {
    }
}
