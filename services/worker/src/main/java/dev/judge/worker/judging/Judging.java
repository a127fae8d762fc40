package dev.judge.worker.judging;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.IntConsumer;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.judge.contracts.JudgeRequest;
import dev.judge.contracts.JudgeRequest.Group;
import dev.judge.contracts.JudgeResult;
import dev.judge.contracts.JudgeResult.GroupResult;
import dev.judge.contracts.JudgeResult.TestCaseResult;
import dev.judge.contracts.SubmissionStatus;
import dev.judge.contracts.Verdict;
import dev.judge.worker.problemtests.TestSet;

/**
 * One submission's judging under way, whatever its kind: its request, when it began, what is told before
 * each test; how its tests are judged in the problem's order, and how that is summed up into its result.
 */
final class Judging {

    private static final Logger log = LoggerFactory.getLogger(Judging.class);

    /** How one test is judged: by running the program on it, or by checking the output submitted for it. */
    @FunctionalInterface
    interface TestJudge {
        TestCaseResult judge(int index, JudgeRequest.TestCase test, Path inputFile, double worth) throws IOException;
    }

    private final JudgeRequest request;
    private final Instant startedAt;
    private final IntConsumer beforeEachTest;
    private final String workerName;

    Judging(JudgeRequest request, Instant startedAt, IntConsumer beforeEachTest, String workerName) {
        this.request = request;
        this.startedAt = startedAt;
        this.beforeEachTest = beforeEachTest;
        this.workerName = workerName;
    }

    JudgeRequest request() {
        return request;
    }

    /**
     * Group by group, in the problem's order (a problem without groups is one group of all its tests).
     * A group whose dependencies did not all pass is skipped; a group scored as a whole stops at its
     * first failing test (unless the problem asks for every test), one whose tests score each their own
     * points runs them all; an INTERNAL_ERROR stops everything. The verdict is the first failing test's,
     * INTERNAL_ERROR wherever it is. Runs without a problem are each input's, none scored.
     */
    JudgeResult tests(TestSet tests, TestJudge judgeOne, String compilerOutput) throws IOException {
        TestJudge runner = (index, test, inputFile, worth) -> {
            beforeEachTest.accept(index);
            return judgeOne.judge(index, test, inputFile, worth);
        };
        if (request.isRunOnStdin()) {
            // Each input its run, whatever the one before did; the verdict is the first that was not ACCEPTED.
            List<TestCaseResult> runs = new ArrayList<>();
            Verdict verdict = Verdict.ACCEPTED;
            for (int index = 0; index < request.testCases().size(); index++) {
                TestCaseResult run =
                        runner.judge(index, request.testCases().get(index), null, JudgeRequest.UNGROUPED_POINTS);
                runs.add(run);
                verdict = verdict == Verdict.ACCEPTED ? run.verdict() : verdict;
            }
            return finished(verdict, compilerOutput, runs, null, List.of());
        }
        List<Group> groups = request.groups().isEmpty()
                ? List.of(new Group(null, JudgeRequest.UNGROUPED_POINTS, List.of()))
                : request.groups();
        List<TestCaseResult> results = new ArrayList<>();
        List<GroupResult> groupResults = new ArrayList<>();
        Set<String> passed = new HashSet<>();
        Verdict verdict = Verdict.ACCEPTED;
        double score = 0;
        for (Group group : groups) {
            if (!passed.containsAll(group.dependsOn()) || verdict == Verdict.INTERNAL_ERROR) {
                groupResults.add(new GroupResult(group.name(), group.points(), 0, null, true));
                continue;
            }
            boolean eachTest = group.scoring() == Group.Scoring.EACH_TEST;
            Verdict groupVerdict = Verdict.ACCEPTED;
            double share = 1;
            double groupScore = 0;
            int ofGroup = 0;
            for (int index = 0; index < tests.size(); index++) {
                if (!Objects.equals(tests.group(index), group.name())) {
                    continue;
                }
                double worth = eachTest ? group.pointsOfTest(ofGroup++) : group.points();
                TestCaseResult result = runner.judge(index, tests.get(index), tests.inputFile(index), worth);
                results.add(result);
                share = Math.min(share, result.score());
                groupScore += eachTest ? worth * result.score() : 0;
                if (groupVerdict == Verdict.ACCEPTED && result.verdict() != Verdict.ACCEPTED) {
                    groupVerdict = result.verdict();
                }
                if (verdict == Verdict.ACCEPTED && result.verdict() != Verdict.ACCEPTED
                        || result.verdict() == Verdict.INTERNAL_ERROR) {
                    verdict = result.verdict();
                }
                // Each test of an EACH_TEST group scores alone: a failed one stops nothing.
                if (result.verdict() == Verdict.INTERNAL_ERROR
                        || !eachTest && result.score() == 0 && request.stopOnFirstFailure()) {
                    break;
                }
            }
            if (groupVerdict == Verdict.ACCEPTED) {
                passed.add(group.name());
            }
            if (!eachTest) {
                groupScore = group.points() * share;
            }
            groupResults.add(new GroupResult(group.name(), group.points(), groupScore, groupVerdict, false));
            score += groupScore;
        }
        return finished(
                verdict, compilerOutput, results, score, request.groups().isEmpty() ? List.of() : groupResults);
    }

    JudgeResult compilationError(String compilerOutput) {
        return finished(Verdict.COMPILATION_ERROR, compilerOutput, List.of(), null, List.of());
    }

    /** The judge's failure, or a setter's: INTERNAL_ERROR, saying this. */
    JudgeResult failed(String message) {
        return finished(Verdict.INTERNAL_ERROR, message, List.of(), null, List.of());
    }

    /**
     * A setter's program that could not be built. The compiler's messages quote the setter's code: for the
     * worker's log, never the contestant.
     *
     * @param which what the program is to the problem: "checker", "interactor"
     */
    JudgeResult setterNotBuilt(String which, SetterPrograms.Built built) {
        log.warn(
                "The {} of submission {}'s problem could not be built:\n{}",
                which,
                request.submissionId(),
                built.failure());
        return failed("The problem's " + which + " could not be built; the judge's log says why.");
    }

    /** @param score null where nothing scored: a compilation error, the judge's failure, a run on stdin */
    private JudgeResult finished(
            Verdict verdict,
            String compilerOutput,
            List<TestCaseResult> testCases,
            Double score,
            List<GroupResult> groups) {
        boolean scored = !request.isRunOnStdin();
        return new JudgeResult(
                request.submissionId(),
                SubmissionStatus.FINISHED,
                verdict,
                compilerOutput,
                testCases,
                request.acceptedAt(),
                startedAt,
                Instant.now(),
                workerName,
                scored ? (score == null ? 0.0 : score) : null,
                scored ? maxScore() : null,
                groups,
                request.judgement());
    }

    private double maxScore() {
        return request.groups().isEmpty()
                ? JudgeRequest.UNGROUPED_POINTS
                : request.groups().stream().mapToDouble(Group::points).sum();
    }
}
