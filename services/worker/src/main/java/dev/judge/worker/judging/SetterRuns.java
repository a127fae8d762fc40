package dev.judge.worker.judging;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;

import dev.judge.contracts.Checker;
import dev.judge.contracts.JudgeRequest;
import dev.judge.contracts.JudgeRequest.TestCase;
import dev.judge.contracts.Verdict;
import dev.judge.worker.judging.TestlibVerdicts.Judgement;
import dev.judge.worker.sandbox.RunOutcome;
import dev.judge.worker.sandbox.RunSpec;
import dev.judge.worker.sandbox.SandboxFiles;

/**
 * How an output is checked on a test, whichever kind of task made it (a program's run, an interactor's
 * output file, a submitted output): by a built-in checker here, or by the setter's checker in its own
 * sandbox; and the runs of setters' programs (checkers, interactors) under the problem's setter limits.
 *
 * @param checker the problem's custom checker in its sandbox; null when it has none
 */
record SetterRuns(JudgeRequest request, SetterProgram checker, WorkerProperties properties) {

    /**
     * What a clean run printed (or an interactor wrote), judged by the problem's checker: a built-in one
     * here, a custom one as {@code checker input output answer} in its own sandbox.
     */
    Judgement checkedOutput(Checker kind, Path output, TestCase test, Path inputFile, double worth) throws IOException {
        if (!kind.isCustom()) {
            return compared(
                    kind,
                    test,
                    SandboxFiles.readRegularText(
                            output, properties.outputLimit().toBytes()));
        }
        SandboxFiles.copyFresh(output, checker.file(SetterPrograms.OUTPUT));
        return customChecked(kind, test, inputFile, worth);
    }

    /** A built-in checker's judgement of this output against the test's answer. */
    static Judgement compared(Checker kind, TestCase test, String output) {
        return Judgement.of(
                OutputComparator.matches(kind, test.expectedOutput(), output) ? Verdict.ACCEPTED : Verdict.WRONG_ANSWER,
                null);
    }

    /**
     * The custom checker's run on the output already at its {@code output}, with the test's input and
     * answer (a package's output validator reads the output on its stdin).
     */
    Judgement customChecked(Checker kind, TestCase test, Path inputFile, double worth) throws IOException {
        Path output = checker.file(SetterPrograms.OUTPUT);
        RunSpec checkerRun = setterRun(
                checker,
                test,
                inputFile,
                properties.setterWallLimit(request.setterLimits()),
                checker.isValidator() ? output : null);
        // The file keeps its writer's private mode; the checker may run as another uid.
        Files.setPosixFilePermissions(output, PosixFilePermissions.fromString("rw-r--r--"));
        RunOutcome ran = checker.box().run(checkerRun);
        if (checker.isValidator()) {
            Judgement validated = TestlibVerdicts.validated(
                    ran,
                    checkerRun,
                    checker.feedback(properties.setterMessageLimit().toBytes()));
            // A scored problem's validator may score a test (score.txt); a pass-fail one's verdict is all.
            return kind.scores() == Checker.Scores.POINTS ? checker.scored(validated, worth) : validated;
        }
        if (checker.isComparator()) {
            return TestlibVerdicts.cmsCompared(ran, checkerRun);
        }
        // A checker scoring in points gives them on the test's scale; one scoring a share, out of 1.
        return TestlibVerdicts.checked(ran, checkerRun, kind.scores() == Checker.Scores.SHARE ? 1 : worth);
    }

    /**
     * Writes the test's input and answer for a setter's program, and its run with the setter's limits.
     * Its folder is the setter program's to change, so whatever it left at these names is replaced, never
     * followed; what a validator left in it for an earlier test is removed.
     *
     * @param stdin the file it reads on its stdin; null for none (or an interactor's pipe)
     */
    RunSpec setterRun(SetterProgram setter, TestCase test, Path inputFile, Duration wallLimit, Path stdin)
            throws IOException {
        if (setter.isValidator()) {
            for (String feedback : SetterProgram.FEEDBACK_FILES) {
                SandboxFiles.remove(setter.file(feedback));
            }
        }
        if (inputFile != null) {
            SandboxFiles.copyFresh(inputFile, setter.file(SetterPrograms.INPUT));
        } else {
            SandboxFiles.writeFresh(setter.file(SetterPrograms.INPUT), test.input());
        }
        SandboxFiles.writeFresh(
                setter.file(SetterPrograms.ANSWER), test.hasExpectedOutput() ? test.expectedOutput() : "");
        return new RunSpec(
                setter.command(),
                null,
                properties.setterTimeLimit(request.setterLimits()),
                wallLimit,
                properties.setterMemoryLimitBytes(request.setterLimits()),
                properties.outputLimit().toBytes(),
                stdin);
    }

    /** What a checker or interactor said of a test, as the result shows it: stripped, size-capped, null for nothing. */
    String shownMessage(String message) {
        return message == null || message.isBlank()
                ? null
                : Compiler.truncate(
                        message.strip(), properties.setterMessageLimit().toBytes());
    }
}
