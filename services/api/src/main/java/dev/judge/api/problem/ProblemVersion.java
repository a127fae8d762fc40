package dev.judge.api.problem;

import java.util.List;
import java.util.Map;

import dev.judge.contracts.Checker;
import dev.judge.contracts.JudgeRequest;
import dev.judge.contracts.OutputComparison;
import dev.judge.contracts.PreparationResult;
import dev.judge.contracts.ProblemProgram;
import dev.judge.contracts.TestData;
import dev.judge.contracts.language.Language;

/**
 * One version of a problem: everything a submission is judged by. Immutable once stored; editing a
 * problem stores the next version.
 *
 * @param checker null for an interactive problem whose interactor alone decides
 * @param interactor null unless the problem is interactive
 * @param groups subtasks in judging order; empty for a problem without them
 * @param timeLimits this problem's own time factors by language id, over the catalog's
 * @param testCases null when read without them: then they go to workers by {@code testData}
 * @param testData what workers fetch the tests by; null before the version is stored
 * @param validator run on each test's input when the version is prepared; null for none
 * @param preparation where its preparation is: READY at once for a version without setter programs
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
        List<JudgeRequest.TestCase> testCases,
        TestData testData,
        ProblemProgram validator,
        Preparation preparation) {

    /**
     * @param file what failed ("checker", "interactor", "validator", "test <n>"); null unless FAILED
     * @param message the compiler's or validator's words, for the problem's managers; null unless FAILED
     */
    public record Preparation(PreparationResult.Status status, String file, String message) {

        static final Preparation READY = new Preparation(PreparationResult.Status.READY, null, null);
        static final Preparation PREPARING = new Preparation(PreparationResult.Status.PREPARING, null, null);

        public boolean isReady() {
            return status == PreparationResult.Status.READY;
        }
    }

    /** Whether a worker must build its programs (and validate its tests) before submissions are taken. */
    boolean needsPreparation() {
        return interactor != null || validator != null || checker != null && checker.isCustom();
    }

    /** What readers of contract version 1 and the problem table's summary know of the checker. */
    public OutputComparison comparison() {
        return checker == null ? OutputComparison.EXACT : checker.asComparison();
    }

    ProblemVersion with(TestData data, List<JudgeRequest.TestCase> tests) {
        return new ProblemVersion(problemId, version, title, timeLimitMs, memoryLimitMb, stopOnFirstFailure, checker,
                interactor, groups, timeLimits, tests, data, validator, preparation);
    }
}
