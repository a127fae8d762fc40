package dev.judge.api.problem;

import java.util.List;

import dev.judge.contracts.JudgeRequest.TestCase;
import dev.judge.contracts.OutputComparison;

record ProblemView(
        long id,
        String title,
        int timeLimitMs,
        int memoryLimitMb,
        OutputComparison comparison,
        boolean stopOnFirstFailure,
        List<TestCase> testCases) {
}
