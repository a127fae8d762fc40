package dev.judge.worker.judging;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;

import dev.judge.contracts.JudgeRequest;
import dev.judge.contracts.JudgeRequest.TestCase;
import dev.judge.contracts.JudgeResult.TestCaseResult;
import dev.judge.contracts.language.Language;
import dev.judge.worker.judging.TestlibVerdicts.Judgement;
import dev.judge.worker.sandbox.RunOutcome;
import dev.judge.worker.sandbox.RunSpec;
import dev.judge.worker.sandbox.Sandbox;
import dev.judge.worker.sandbox.SandboxFiles;

/**
 * Runs one submission's compiled program on a test and judges the run: by a built-in checker, by
 * the setter's checker in a sandbox of its own, or, for an interactive problem, talking through
 * pipes to the interactor in a sandbox of its own. Neither sandbox sees the other's files.
 */
final class TestRunner {

    private final JudgeRequest request;
    private final Language language;
    private final Sandbox box;
    private final Sandbox setterBox;
    private final SetterPrograms.Built setterProgram;
    private final WorkerProperties properties;
    private final Duration timeLimit;
    private final long memoryLimit;
    private final Duration wallLimit;

    /** @param setterBox and {@code setterProgram}: null unless the problem has a custom checker or an interactor */
    TestRunner(JudgeRequest request, Language language, Sandbox box, Sandbox setterBox,
            SetterPrograms.Built setterProgram, WorkerProperties properties) {
        this.request = request;
        this.language = language;
        this.box = box;
        this.setterBox = setterBox;
        this.setterProgram = setterProgram;
        this.properties = properties;
        this.timeLimit = min(Duration.ofMillis(request.limits().timeLimitMs()), properties.maxTimeLimit());
        this.memoryLimit = Math.min(request.limits().memoryLimitMb() * 1024 * 1024, properties.maxMemoryLimit().toBytes());
        this.wallLimit = timeLimit.multipliedBy(properties.wallTimeFactor()).plusSeconds(1);
    }

    /** @param inputFile where the test's input is when not in {@code test} (a large problem's, on the worker's disk) */
    TestCaseResult run(int index, TestCase test, Path inputFile) throws IOException {
        RunSpec run = new RunSpec(language.run(), test.input(), timeLimit, wallLimit, memoryLimit,
                properties.outputLimit().toBytes(), inputFile);
        RunOutcome outcome;
        Judgement judgement;
        if (request.isInteractive()) {
            RunSpec interactor = setterRun(test, inputFile, wallLimit.plusSeconds(1));
            Sandbox.Conversation conversation = box.converse(run, setterBox, interactor);
            outcome = conversation.here();
            // Its stdout was the pipe: a partial score (exit 7) is in the file it was given as its output.
            RunOutcome interacted = conversation.peer().withStdout(readOutputFile());
            judgement = TestlibVerdicts.interacted(outcome, run, interacted, interactor);
        } else {
            outcome = box.run(run);
            judgement = request.effectiveChecker().isCustom() ? checked(outcome, run, test, inputFile)
                    : Judgement.of(RunVerdicts.verdict(outcome, run, test, request.effectiveChecker()), null);
        }
        boolean runOnStdin = request.isRunOnStdin();
        return new TestCaseResult(index, judgement.verdict(),
                outcome.cpuTime() == null ? null : outcome.cpuTime().toMillis(),
                outcome.wallTime().toMillis(),
                outcome.peakMemoryKb(),
                outcome.exitCode(),
                outcome.signal(),
                runOnStdin ? Compiler.truncate(outcome.stdout(), properties.runOutputLimit().toBytes()) : null,
                test.group(),
                runOnStdin ? null : judgement.score(),
                judgement.message() == null || judgement.message().isBlank() ? null
                        : Compiler.truncate(judgement.message().strip(), properties.setterMessageLimit().toBytes()));
    }

    /** The setter's checker on a clean run: {@code checker input output answer} in its own sandbox. */
    private Judgement checked(RunOutcome outcome, RunSpec run, TestCase test, Path inputFile) throws IOException {
        var failure = RunVerdicts.failure(outcome, run);
        if (failure != null) {
            return Judgement.of(failure, null);
        }
        RunSpec checker = setterRun(test, inputFile, properties.setterTimeLimit().multipliedBy(properties.wallTimeFactor()).plusSeconds(1));
        Path output = setterBox.folder().resolve(SetterPrograms.OUTPUT);
        SandboxFiles.copyFresh(box.lastStdout(), output);
        // The copy keeps the contestant's private mode; the checker may run as another uid.
        Files.setPosixFilePermissions(output, PosixFilePermissions.fromString("rw-r--r--"));
        return TestlibVerdicts.checked(setterBox.run(checker), checker);
    }

    private String readOutputFile() throws IOException {
        return SandboxFiles.readRegularText(setterBox.folder().resolve(SetterPrograms.OUTPUT), 1024);
    }

    /**
     * Writes the test's input and answer for the setter's program, and its run with the setter's limits.
     * Its folder is the setter program's to change, so whatever it left at these names is replaced, never followed.
     */
    private RunSpec setterRun(TestCase test, Path inputFile, Duration wallLimit) throws IOException {
        Path folder = setterBox.folder();
        if (inputFile != null) {
            SandboxFiles.copyFresh(inputFile, folder.resolve(SetterPrograms.INPUT));
        } else {
            SandboxFiles.writeFresh(folder.resolve(SetterPrograms.INPUT), test.input());
        }
        SandboxFiles.writeFresh(folder.resolve(SetterPrograms.ANSWER), test.hasExpectedOutput() ? test.expectedOutput() : "");
        if (request.isInteractive()) {
            SandboxFiles.remove(folder.resolve(SetterPrograms.OUTPUT)); // the interactor writes it
        }
        return new RunSpec(setterProgram.command(), null, properties.setterTimeLimit(), wallLimit,
                properties.setterMemoryLimit().toBytes(), properties.outputLimit().toBytes());
    }

    private static Duration min(Duration a, Duration b) {
        return a.compareTo(b) <= 0 ? a : b;
    }
}
