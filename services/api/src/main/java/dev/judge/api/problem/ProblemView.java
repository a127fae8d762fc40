package dev.judge.api.problem;

import java.util.List;

import io.swagger.v3.oas.annotations.media.Schema;

import dev.judge.contracts.JudgeRequest.TestCase;
import dev.judge.contracts.OutputComparison;

record ProblemView(
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED) long id,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED) String title,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED) int timeLimitMs,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED) int memoryLimitMb,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED) OutputComparison comparison,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED) boolean stopOnFirstFailure,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED) List<TestCase> testCases) {
}
