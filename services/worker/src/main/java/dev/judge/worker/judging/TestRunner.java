package dev.judge.worker.judging;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;

import dev.judge.contracts.Checker;
import dev.judge.contracts.JudgeRequest;
import dev.judge.contracts.JudgeRequest.TestCase;
import dev.judge.contracts.JudgeResult.TestCaseResult;
import dev.judge.contracts.Verdict;
import dev.judge.contracts.language.Language;
import dev.judge.worker.judging.TestlibVerdicts.Judgement;
import dev.judge.worker.sandbox.RunOutcome;
import dev.judge.worker.sandbox.RunSpec;
import dev.judge.worker.sandbox.Sandbox;
import dev.judge.worker.sandbox.SandboxFiles;

/**
 * Runs one submission's compiled program on a test and judges the run: by a built-in checker, by
 * the setter's checker in a sandbox of its own, or, for an interactive problem, talking through
 * pipes to the interactor in a sandbox of its own, and then, if the problem has one, by a checker of
 * what the interactor wrote (testlib's {@code tout}). No sandbox sees another's files.
 */
final class TestRunner {

    /** A setter's program and the sandbox it runs in, this submission's own. */
    record Setter(Sandbox box, SetterPrograms.Built program) {

        /** Null when there is no such program: a problem without a custom checker, or not interactive. */
        static Setter in(Sandbox box, SetterPrograms.Built program) throws IOException {
            if (program == null) {
                return null;
            }
            program.copyInto(box.folder());
            return new Setter(box, program);
        }

        Path file(String name) {
            return box.folder().resolve(name);
        }
    }

    private final JudgeRequest request;
    private final Language language;
    private final Sandbox box;
    private final Setter interactor;
    private final Setter checker;
    private final WorkerProperties properties;
    private final Duration timeLimit;
    private final long memoryLimit;
    private final Duration wallLimit;

    /**
     * @param interactor null unless the problem is interactive
     * @param checker null unless the problem has a custom checker (of the program's output, or of what the interactor wrote)
     */
    TestRunner(
            JudgeRequest request,
            Language language,
            Sandbox box,
            Setter interactor,
            Setter checker,
            WorkerProperties properties) {
        this.request = request;
        this.language = language;
        this.box = box;
        this.interactor = interactor;
        this.checker = checker;
        this.properties = properties;
        this.timeLimit = min(Duration.ofMillis(request.limits().timeLimitMs()), properties.maxTimeLimit());
        this.memoryLimit = Math.min(
                request.limits().memoryLimitMb() * 1024 * 1024,
                properties.maxMemoryLimit().toBytes());
        this.wallLimit = timeLimit.multipliedBy(properties.wallTimeFactor()).plusSeconds(1);
    }

    /**
     * @param inputFile where the test's input is when not in {@code test} (a large problem's, on the worker's disk)
     * @param worth what all of the test is worth in points: its group's, or its own in a group whose tests
     *     score each their own (a checker that scores in points scores on this scale)
     */
    TestCaseResult run(int index, TestCase test, Path inputFile, double worth) throws IOException {
        RunSpec run = new RunSpec(
                language.run(),
                test.input(),
                timeLimit,
                wallLimit,
                memoryLimit,
                properties.outputLimit().toBytes(),
                inputFile);
        RunOutcome outcome;
        Judgement judgement;
        if (request.isInteractive()) {
            RunSpec interactorRun = setterRun(interactor, test, inputFile, wallLimit.plusSeconds(1));
            SandboxFiles.remove(interactor.file(SetterPrograms.OUTPUT)); // the interactor writes it
            Sandbox.Conversation conversation = box.converse(run, interactor.box(), interactorRun);
            outcome = conversation.here();
            // Its stdout was the pipe: a partial score (exit 7) is in the file it was given as its output.
            RunOutcome interacted = conversation
                    .peer()
                    .withStdout(SandboxFiles.readRegularText(interactor.file(SetterPrograms.OUTPUT), 1024));
            judgement = TestlibVerdicts.interacted(outcome, run, interacted, interactorRun);
            if (judgement.verdict() == Verdict.ACCEPTED && request.interactionChecker() != null) {
                judgement = checkedOutput(
                        request.interactionChecker(), interactor.file(SetterPrograms.OUTPUT), test, inputFile, worth);
            }
        } else if (!request.effectiveChecker().isCustom()) {
            outcome = box.run(run);
            judgement = Judgement.of(RunVerdicts.verdict(outcome, run, test, request.effectiveChecker()), null);
        } else {
            outcome = box.run(run);
            Verdict failure = RunVerdicts.failure(outcome, run);
            judgement = failure != null
                    ? Judgement.of(failure, null)
                    : checkedOutput(request.effectiveChecker(), box.lastStdout(), test, inputFile, worth);
        }
        boolean runOnStdin = request.isRunOnStdin();
        return new TestCaseResult(
                index,
                judgement.verdict(),
                outcome.cpuTime() == null ? null : outcome.cpuTime().toMillis(),
                outcome.wallTime().toMillis(),
                outcome.peakMemoryKb(),
                outcome.exitCode(),
                outcome.signal(),
                runOnStdin
                        ? Compiler.truncate(
                                outcome.stdout(), properties.runOutputLimit().toBytes())
                        : null,
                test.group(),
                runOnStdin ? null : judgement.score(),
                shownMessage(judgement));
    }

    /**
     * An output-only problem's test: the output submitted for it, judged by the problem's checker as a
     * program's would be; none submitted is a wrong answer that says so. Nothing runs but a custom checker.
     */
    TestCaseResult judgeOutput(int index, TestCase test, Path inputFile, double worth, String output)
            throws IOException {
        Judgement judgement;
        if (output == null) {
            judgement = Judgement.of(Verdict.WRONG_ANSWER, "no output was submitted for test " + (index + 1));
        } else if (!request.effectiveChecker().isCustom()) {
            judgement = compared(request.effectiveChecker(), test, output);
        } else {
            // Written straight where the checker reads it: no program of the contestant's ever had the folder.
            SandboxFiles.writeFresh(checker.file(SetterPrograms.OUTPUT), output);
            judgement = customChecked(request.effectiveChecker(), test, inputFile, worth);
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
                shownMessage(judgement));
    }

    /**
     * What a clean run printed (or an interactor wrote), judged by the problem's checker: a built-in one
     * here, a custom one as {@code checker input output answer} in its own sandbox.
     */
    private Judgement checkedOutput(Checker kind, Path output, TestCase test, Path inputFile, double worth)
            throws IOException {
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
    private static Judgement compared(Checker kind, TestCase test, String output) {
        return Judgement.of(
                OutputComparator.matches(kind, test.expectedOutput(), output) ? Verdict.ACCEPTED : Verdict.WRONG_ANSWER,
                null);
    }

    /** What a checker or interactor said of a test, as the result shows it: stripped, size-capped, null for nothing. */
    private String shownMessage(Judgement judgement) {
        return judgement.message() == null || judgement.message().isBlank()
                ? null
                : Compiler.truncate(
                        judgement.message().strip(),
                        properties.setterMessageLimit().toBytes());
    }

    /** The custom checker's run on the output already at its {@code output}, with the test's input and answer. */
    private Judgement customChecked(Checker kind, TestCase test, Path inputFile, double worth) throws IOException {
        RunSpec checkerRun = setterRun(checker, test, inputFile, properties.setterWallLimit(request.setterLimits()));
        // The file keeps its writer's private mode; the checker may run as another uid.
        Files.setPosixFilePermissions(
                checker.file(SetterPrograms.OUTPUT), PosixFilePermissions.fromString("rw-r--r--"));
        // A checker scoring in points gives them on the test's scale; one scoring a share, out of 1.
        return TestlibVerdicts.checked(
                checker.box().run(checkerRun), checkerRun, kind.scores() == Checker.Scores.SHARE ? 1 : worth);
    }

    /**
     * Writes the test's input and answer for a setter's program, and its run with the setter's limits.
     * Its folder is the setter program's to change, so whatever it left at these names is replaced, never followed.
     */
    private RunSpec setterRun(Setter setter, TestCase test, Path inputFile, Duration wallLimit) throws IOException {
        if (inputFile != null) {
            SandboxFiles.copyFresh(inputFile, setter.file(SetterPrograms.INPUT));
        } else {
            SandboxFiles.writeFresh(setter.file(SetterPrograms.INPUT), test.input());
        }
        SandboxFiles.writeFresh(
                setter.file(SetterPrograms.ANSWER), test.hasExpectedOutput() ? test.expectedOutput() : "");
        return new RunSpec(
                setter.program().command(),
                null,
                properties.setterTimeLimit(request.setterLimits()),
                wallLimit,
                properties.setterMemoryLimitBytes(request.setterLimits()),
                properties.outputLimit().toBytes());
    }

    private static Duration min(Duration a, Duration b) {
        return a.compareTo(b) <= 0 ? a : b;
    }
}
