package dev.judge.api.problem;

import java.util.List;
import java.util.Map;

import dev.judge.contracts.Checker;
import dev.judge.contracts.JudgeRequest;
import dev.judge.contracts.ProblemProgram;
import dev.judge.contracts.language.Language;

/**
 * One version of a problem: everything a submission is judged by. Immutable once stored; editing a
 * problem stores the next version.
 *
 * @param interactor null unless the problem is interactive
 * @param groups subtasks in judging order; empty for a problem without them
 * @param timeLimits this problem's own time factors by language id, over the catalog's
 */
public record ProblemVersion(
        long problemId,
        int version,
        String title,
        int timeLimitMs,
        int memoryLimitMb,
        boolean stopOnFirstFailure,
        Checker checker,
        ProblemProgram interactor,
        List<JudgeRequest.Group> groups,
        Map<String, Language.TimeLimits> timeLimits,
        List<JudgeRequest.TestCase> testCases) {
}
