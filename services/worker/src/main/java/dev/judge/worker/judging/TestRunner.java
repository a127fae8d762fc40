package dev.judge.worker.judging;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import dev.judge.contracts.JudgeRequest;
import dev.judge.contracts.JudgeRequest.TestCase;
import dev.judge.contracts.JudgeResult.TestCaseResult;
import dev.judge.contracts.Verdict;
import dev.judge.worker.judging.TestlibVerdicts.Judgement;
import dev.judge.worker.sandbox.RunOutcome;
import dev.judge.worker.sandbox.SandboxFiles;

/**
 * Runs a test of a program: a task kind's pass of it ({@link PassStep}), again on the input the deciding
 * setter's program leaves for the next pass while the problem allows more, and the test's result.
 */
final class TestRunner {

    /** One kind's run of a test, once: the program's run (or its instances', with the interactor) and its judgement. */
    @FunctionalInterface
    interface PassStep {
        /** @param inputFile the pass's input when it is not in {@code test} (a large problem's, or a next pass's) */
        Pass pass(TestCase test, Path inputFile, double worth) throws IOException;
    }

    /** What one pass measured and how it was judged; {@code shown} gives the result its exit code, signal and stdout. */
    record Pass(RunOutcome shown, Judgement judgement, Measures measures) {

        static Pass of(RunOutcome outcome, Judgement judgement) {
            return new Pass(outcome, judgement, Measures.of(List.of(outcome)));
        }

        /** This pass, showing the most any pass before it took too. */
        Pass after(Pass earlier) {
            return earlier == null ? this : new Pass(shown, judgement, measures.most(earlier.measures));
        }

        Pass failedBy(String why) {
            return new Pass(shown, Judgement.of(Verdict.INTERNAL_ERROR, "The " + why + "."), measures);
        }
    }

    /** The most time and memory any of several runs took; null where a run could not be measured. */
    record Measures(Long cpuMs, long wallMs, Long memoryKb) {

        static Measures of(List<RunOutcome> outcomes) {
            Measures most = null;
            for (RunOutcome outcome : outcomes) {
                Measures one = new Measures(
                        outcome.cpuTime() == null ? null : outcome.cpuTime().toMillis(),
                        outcome.wallTime().toMillis(),
                        outcome.peakMemoryKb());
                most = most == null ? one : most.most(one);
            }
            return most;
        }

        Measures most(Measures other) {
            return new Measures(
                    larger(cpuMs, other.cpuMs), Math.max(wallMs, other.wallMs), larger(memoryKb, other.memoryKb));
        }

        private static Long larger(Long a, Long b) {
            return a == null ? b : b == null ? a : Long.valueOf(Math.max(a, b));
        }
    }

    private final JudgeRequest request;
    private final WorkerProperties properties;
    private final SetterRuns setterRuns;
    private final PassStep step;
    private final SetterProgram decider;
    private final String deciderName;

    /**
     * @param decider the setter's program that may ask for another pass (the interactor, or the checker);
     *     null where there is none, and then the problem has one pass
     * @param deciderName what it is to the problem: "interactor", "checker"
     */
    TestRunner(
            JudgeRequest request,
            WorkerProperties properties,
            SetterRuns setterRuns,
            PassStep step,
            SetterProgram decider,
            String deciderName) {
        this.request = request;
        this.properties = properties;
        this.setterRuns = setterRuns;
        this.step = step;
        this.decider = decider;
        this.deciderName = deciderName;
    }

    /**
     * Runs the test in as many passes as the problem allows and the interactor or checker asks for
     * ({@code nextpass.in} in its folder, after an accepted pass, is the next pass's input); a pass
     * that is not accepted ends it. Time and memory are each pass's own; the result shows the most of
     * any pass and instance.
     *
     * @param inputFile where the test's input is when not in {@code test} (a large problem's, on the worker's disk)
     * @param worth what all of the test is worth in points: its group's, or its own in a group whose tests
     *     score each their own (a checker that scores in points scores on this scale)
     */
    TestCaseResult run(int index, TestCase test, Path inputFile, double worth) throws IOException {
        boolean multiPass = request.passes() > 1;
        Path nextInput = null;
        try {
            Path passInput = inputFile;
            Pass pass = null;
            for (int number = 1; ; number++) {
                if (multiPass) {
                    SandboxFiles.remove(decider.file(SetterPrograms.NEXT_PASS));
                }
                pass = step.pass(test, passInput, worth).after(pass);
                long next = multiPass && pass.judgement().verdict() == Verdict.ACCEPTED
                        ? SandboxFiles.regularSize(decider.file(SetterPrograms.NEXT_PASS))
                        : -1;
                if (next < 0) {
                    return result(index, test, pass);
                }
                if (number == request.passes()) {
                    return result(
                            index,
                            test,
                            pass.failedBy(deciderName + " asked for a pass beyond the problem's " + request.passes()));
                }
                if (next > properties.outputLimit().toBytes()) {
                    return result(
                            index, test, pass.failedBy(deciderName + "'s next pass input is over the output limit"));
                }
                nextInput = nextInput != null ? nextInput : Files.createTempFile("nextpass-", ".in");
                SandboxFiles.copyFresh(decider.file(SetterPrograms.NEXT_PASS), nextInput);
                passInput = nextInput;
            }
        } finally {
            if (nextInput != null) {
                Files.deleteIfExists(nextInput);
            }
        }
    }

    private TestCaseResult result(int index, TestCase test, Pass pass) {
        boolean runOnStdin = request.isRunOnStdin();
        Judgement judgement = pass.judgement();
        return new TestCaseResult(
                index,
                judgement.verdict(),
                pass.measures().cpuMs(),
                pass.measures().wallMs(),
                pass.measures().memoryKb(),
                pass.shown().exitCode(),
                pass.shown().signal(),
                runOnStdin
                        ? Compiler.truncate(
                                pass.shown().stdout(),
                                properties.runOutputLimit().toBytes())
                        : null,
                test.group(),
                runOnStdin ? null : judgement.score(),
                setterRuns.shownMessage(judgement.message()),
                setterRuns.shownMessage(judgement.judgeMessage()));
    }
}
