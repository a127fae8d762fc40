package dev.judge.worker.judging;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import dev.judge.contracts.Checker;
import dev.judge.contracts.JudgeRequest;
import dev.judge.contracts.JudgeRequest.TestCase;
import dev.judge.contracts.JudgeResult;
import dev.judge.contracts.JudgeResult.TestCaseResult;
import dev.judge.contracts.Verdict;
import dev.judge.worker.judging.TestlibVerdicts.Judgement;
import dev.judge.worker.problemtests.TestSet;
import dev.judge.worker.sandbox.Sandbox;
import dev.judge.worker.sandbox.SandboxFiles;

/**
 * An output-only task ({@link dev.judge.contracts.TaskKind#OUTPUT_ONLY}): nothing is compiled or run but
 * a custom checker; the output submitted for each test is judged by the problem's checker as a program's
 * would be, and a test with none is a wrong answer that says so.
 */
final class OutputOnlyTask implements TaskType {

    private final Tools tools;

    OutputOnlyTask(Tools tools) {
        this.tools = tools;
    }

    @Override
    public JudgeResult judge(Judging judging) throws IOException {
        JudgeRequest request = judging.request();
        Checker checker = request.effectiveChecker();
        SetterPrograms.Built customChecker = tools.setterPrograms().buildIfCustom(checker);
        if (customChecker != null && customChecker.failed()) {
            return judging.setterNotBuilt("checker", customChecker);
        }
        try (TestSet tests = tools.testData().open(request);
                Sandbox checkerBox =
                        customChecker == null ? null : tools.sandboxes().open(customChecker.language())) {
            SetterRuns setterRuns = new SetterRuns(
                    request, SetterProgram.in(checkerBox, customChecker, checker.program()), tools.properties());
            List<String> outputs = request.outputs();
            return judging.tests(
                    tests,
                    (index, test, inputFile, worth) -> judgeOutput(
                            request,
                            setterRuns,
                            index,
                            test,
                            inputFile,
                            worth,
                            index < outputs.size() ? outputs.get(index) : null),
                    null);
        }
    }

    /** The output submitted for a test, judged; none is a wrong answer. */
    private static TestCaseResult judgeOutput(
            JudgeRequest request,
            SetterRuns setterRuns,
            int index,
            TestCase test,
            Path inputFile,
            double worth,
            String output)
            throws IOException {
        Checker checker = request.effectiveChecker();
        Judgement judgement;
        if (output == null) {
            judgement = Judgement.of(Verdict.WRONG_ANSWER, "no output was submitted for test " + (index + 1));
        } else if (!checker.isCustom()) {
            judgement = SetterRuns.compared(checker, test, output);
        } else {
            // Written straight where the checker reads it: no program of the contestant's ever had the folder.
            SandboxFiles.writeFresh(setterRuns.checker().file(SetterPrograms.OUTPUT), output);
            judgement = setterRuns.customChecked(checker, test, inputFile, worth);
        }
        return new TestCaseResult(
                index,
                judgement.verdict(),
                null,
                0,
                null,
                null,
                null,
                null,
                test.group(),
                judgement.score(),
                setterRuns.shownMessage(judgement.message()),
                setterRuns.shownMessage(judgement.judgeMessage()));
    }
}
