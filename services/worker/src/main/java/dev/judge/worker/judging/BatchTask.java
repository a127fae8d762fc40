package dev.judge.worker.judging;

import java.io.IOException;
import java.nio.file.Path;

import dev.judge.contracts.Checker;
import dev.judge.contracts.JudgeRequest;
import dev.judge.contracts.JudgeRequest.TestCase;
import dev.judge.contracts.JudgeResult;
import dev.judge.contracts.Verdict;
import dev.judge.worker.judging.TestRunner.Pass;
import dev.judge.worker.judging.TestlibVerdicts.Judgement;
import dev.judge.worker.sandbox.RunOutcome;
import dev.judge.worker.sandbox.RunSpec;
import dev.judge.worker.sandbox.Sandbox;

/**
 * A batch task ({@link dev.judge.contracts.TaskKind#BATCH}): the program, built with the problem's
 * graders where it has them, runs on each test's input; a clean run's output is checked by a built-in
 * checker, or by the setter's checker in a sandbox of its own, which may also ask for another pass.
 */
final class BatchTask extends ProgramTask {

    BatchTask(Tools tools) {
        super(tools);
    }

    @Override
    protected JudgeResult judgeBuilt(Judging judging, Built built) throws IOException {
        JudgeRequest request = judging.request();
        Checker checker = request.effectiveChecker();
        SetterPrograms.Built customChecker = tools.setterPrograms().buildIfCustom(checker);
        if (customChecker != null && customChecker.failed()) {
            return judging.setterNotBuilt("checker", customChecker);
        }
        try (Sandbox checkerBox =
                customChecker == null ? null : tools.sandboxes().open(customChecker.language())) {
            SetterProgram checking = SetterProgram.in(checkerBox, customChecker, checker.program());
            SetterRuns setterRuns = new SetterRuns(request, checking, tools.properties());
            ProgramLimits limits = ProgramLimits.of(request, tools.properties());
            TestRunner runner = new TestRunner(
                    request,
                    tools.properties(),
                    setterRuns,
                    (test, inputFile, worth) -> pass(built, checker, setterRuns, limits, test, inputFile, worth),
                    checking,
                    "checker");
            return judging.tests(built.tests(), runner::run, built.compilerOutput());
        }
    }

    /** The program's run on the test, and its judgement: a failed run's verdict, or the checker's of its output. */
    private static Pass pass(
            Built built,
            Checker checker,
            SetterRuns setterRuns,
            ProgramLimits limits,
            TestCase test,
            Path inputFile,
            double worth)
            throws IOException {
        RunSpec run = new RunSpec(
                built.language().run(),
                test.input(),
                limits.time(),
                limits.wall(),
                limits.memoryBytes(),
                limits.outputBytes(),
                inputFile);
        RunOutcome outcome = built.box().run(run);
        if (!checker.isCustom()) {
            return Pass.of(outcome, Judgement.of(RunVerdicts.verdict(outcome, run, test, checker), null));
        }
        Verdict failure = RunVerdicts.failure(outcome, run);
        return Pass.of(
                outcome,
                failure != null
                        ? Judgement.of(failure, null)
                        : setterRuns.checkedOutput(checker, built.box().lastStdout(), test, inputFile, worth));
    }
}
