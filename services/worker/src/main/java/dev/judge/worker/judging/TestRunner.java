package dev.judge.worker.judging;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import dev.judge.contracts.Checker;
import dev.judge.contracts.JudgeRequest;
import dev.judge.contracts.JudgeRequest.TestCase;
import dev.judge.contracts.JudgeResult.TestCaseResult;
import dev.judge.contracts.ProblemProgram;
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

    /**
     * A setter's program and the sandbox it runs in, this submission's own.
     *
     * @param asked the program as the problem gives it: how it is run ({@link ProblemProgram.Protocol})
     */
    record Setter(Sandbox box, SetterPrograms.Built program, ProblemProgram asked) {

        /** The files a package's output validator may leave in its feedback folder, which is its own. */
        static final List<String> FEEDBACK_FILES =
                List.of("judgemessage.txt", "teammessage.txt", "score.txt", "score_multiplier.txt");

        /** A score file holds one number; more than this is not one. */
        private static final long SCORE_LIMIT = 64;

        /** Null when there is no such program: a problem without a custom checker, or not interactive. */
        static Setter in(Sandbox box, SetterPrograms.Built program, ProblemProgram asked) throws IOException {
            if (program == null) {
                return null;
            }
            program.copyInto(box.folder());
            return new Setter(box, program, asked);
        }

        Path file(String name) {
            return box.folder().resolve(name);
        }

        boolean isValidator() {
            return asked.protocol() == ProblemProgram.Protocol.KATTIS;
        }

        /**
         * Its command on one test: testlib's {@code input output answer}, or a validator's {@code input
         * answer feedback_dir/} and its arguments, its folder the feedback folder.
         */
        List<String> command() {
            if (!isValidator()) {
                return program.command();
            }
            List<String> arguments = new ArrayList<>(
                    List.of(SetterPrograms.INPUT, SetterPrograms.ANSWER, SetterPrograms.FEEDBACK_DIRECTORY));
            arguments.addAll(asked.arguments());
            return program.command(arguments);
        }

        /** What a validator left for the team and for the judges; null for a testlib program. */
        TestlibVerdicts.Feedback feedback(long limit) throws IOException {
            if (!isValidator()) {
                return null;
            }
            return new TestlibVerdicts.Feedback(
                    SandboxFiles.readRegularText(file(FEEDBACK_FILES.get(1)), limit),
                    SandboxFiles.readRegularText(file(FEEDBACK_FILES.get(0)), limit));
        }

        /** A validator's judgement with the score it left ({@link TestlibVerdicts#validatorScored}). */
        Judgement scored(Judgement validated, double worth) throws IOException {
            return TestlibVerdicts.validatorScored(
                    validated,
                    SandboxFiles.readRegularText(file(FEEDBACK_FILES.get(2)), SCORE_LIMIT),
                    SandboxFiles.readRegularText(file(FEEDBACK_FILES.get(3)), SCORE_LIMIT),
                    worth);
        }
    }

    private final JudgeRequest request;
    private final Language language;
    private final List<Sandbox> boxes;
    private final Setter interactor;
    private final Setter checker;
    private final WorkerProperties properties;
    private final Duration timeLimit;
    private final long memoryLimit;
    private final Duration wallLimit;

    /**
     * @param boxes a sandbox for each instance of the program ({@link JudgeRequest#instances()}), each
     *     holding the compiled program: one but for a communication problem
     * @param interactor null unless the problem is interactive
     * @param checker null unless the problem has a custom checker (of the program's output, or of what the interactor wrote)
     */
    TestRunner(
            JudgeRequest request,
            Language language,
            List<Sandbox> boxes,
            Setter interactor,
            Setter checker,
            WorkerProperties properties) {
        this.request = request;
        this.language = language;
        this.boxes = List.copyOf(boxes);
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
        Setter decides = request.isInteractive() ? interactor : checker;
        Path nextInput = null;
        try {
            Path passInput = inputFile;
            Pass pass = null;
            for (int number = 1; ; number++) {
                if (request.passes() > 1) {
                    SandboxFiles.remove(decides.file(SetterPrograms.NEXT_PASS));
                }
                pass = pass(test, passInput, worth).after(pass);
                long next = request.passes() > 1 && pass.judgement().verdict() == Verdict.ACCEPTED
                        ? SandboxFiles.regularSize(decides.file(SetterPrograms.NEXT_PASS))
                        : -1;
                if (next < 0) {
                    return result(index, test, pass);
                }
                String who = request.isInteractive() ? "interactor" : "checker";
                if (number == request.passes()) {
                    return result(
                            index,
                            test,
                            pass.failedBy(who + " asked for a pass beyond the problem's " + request.passes()));
                }
                if (next > properties.outputLimit().toBytes()) {
                    return result(index, test, pass.failedBy(who + "'s next pass input is over the output limit"));
                }
                nextInput = nextInput != null ? nextInput : Files.createTempFile("nextpass-", ".in");
                SandboxFiles.copyFresh(decides.file(SetterPrograms.NEXT_PASS), nextInput);
                passInput = nextInput;
            }
        } finally {
            if (nextInput != null) {
                Files.deleteIfExists(nextInput);
            }
        }
    }

    /**
     * One pass of a test: the program's run (or each instance's, talking to the interactor), and its
     * judgement.
     *
     * @param inputFile the pass's input when it is not the test's own
     */
    private Pass pass(TestCase test, Path inputFile, double worth) throws IOException {
        if (request.isInteractive()) {
            return interacted(test, inputFile, worth);
        }
        RunSpec run = new RunSpec(
                language.run(),
                test.input(),
                timeLimit,
                wallLimit,
                memoryLimit,
                properties.outputLimit().toBytes(),
                inputFile);
        RunOutcome outcome = boxes.getFirst().run(run);
        if (!request.effectiveChecker().isCustom()) {
            return Pass.of(
                    outcome, Judgement.of(RunVerdicts.verdict(outcome, run, test, request.effectiveChecker()), null));
        }
        Verdict failure = RunVerdicts.failure(outcome, run);
        return Pass.of(
                outcome,
                failure != null
                        ? Judgement.of(failure, null)
                        : checkedOutput(
                                request.effectiveChecker(), boxes.getFirst().lastStdout(), test, inputFile, worth));
    }

    /**
     * Each instance of the program in its sandbox, talking through pipes to the interactor in its own;
     * then, if the interactor accepted and the problem has one, the checker of what it wrote (testlib's
     * {@code tout}). An instance of several is given its index (from 0) as its argument.
     */
    private Pass interacted(TestCase test, Path inputFile, double worth) throws IOException {
        List<Sandbox.Instance> instances = new ArrayList<>();
        for (int i = 0; i < boxes.size(); i++) {
            List<String> command = new ArrayList<>(language.run());
            if (boxes.size() > 1) {
                command.add(Integer.toString(i));
            }
            instances.add(new Sandbox.Instance(
                    boxes.get(i),
                    new RunSpec(
                            command,
                            null,
                            timeLimit,
                            wallLimit,
                            memoryLimit,
                            properties.outputLimit().toBytes())));
        }
        RunSpec interactorRun = setterRun(interactor, test, inputFile, wallLimit.plusSeconds(1), null);
        SandboxFiles.remove(interactor.file(SetterPrograms.OUTPUT)); // the interactor writes it
        Sandbox.Communication communication = interactor.box().communicate(interactorRun, instances);
        // Its stdout was a pipe: a partial score (exit 7) is in the file it was given as its output.
        RunOutcome interacted = communication
                .manager()
                .withStdout(SandboxFiles.readRegularText(interactor.file(SetterPrograms.OUTPUT), 1024));
        TestlibVerdicts.Interaction judged = TestlibVerdicts.interacted(
                communication.instances(),
                instances.getFirst().spec(),
                interacted,
                interactorRun,
                Optional.ofNullable(
                        interactor.feedback(properties.setterMessageLimit().toBytes())));
        Judgement judgement = judged.judgement();
        if (judgement.verdict() == Verdict.ACCEPTED && request.interactionChecker() != null) {
            judgement = checkedOutput(
                    request.interactionChecker(), interactor.file(SetterPrograms.OUTPUT), test, inputFile, worth);
        }
        return new Pass(
                communication.instances().get(judged.decidingInstance()),
                judgement,
                Measures.of(communication.instances()));
    }

    /** What one pass measured and how it was judged; {@code shown} gives the result its exit code, signal and stdout. */
    private record Pass(RunOutcome shown, Judgement judgement, Measures measures) {

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
    private record Measures(Long cpuMs, long wallMs, Long memoryKb) {

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
                shownMessage(judgement.message()),
                shownMessage(judgement.judgeMessage()));
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
                shownMessage(judgement.message()),
                shownMessage(judgement.judgeMessage()));
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
    private String shownMessage(String message) {
        return message == null || message.isBlank()
                ? null
                : Compiler.truncate(
                        message.strip(), properties.setterMessageLimit().toBytes());
    }

    /**
     * The custom checker's run on the output already at its {@code output}, with the test's input and
     * answer (a package's output validator reads the output on its stdin).
     */
    private Judgement customChecked(Checker kind, TestCase test, Path inputFile, double worth) throws IOException {
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
    private RunSpec setterRun(Setter setter, TestCase test, Path inputFile, Duration wallLimit, Path stdin)
            throws IOException {
        if (setter.isValidator()) {
            for (String feedback : Setter.FEEDBACK_FILES) {
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

    private static Duration min(Duration a, Duration b) {
        return a.compareTo(b) <= 0 ? a : b;
    }
}
