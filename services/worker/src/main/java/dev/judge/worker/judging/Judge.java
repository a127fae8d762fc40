package dev.judge.worker.judging;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.IntConsumer;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

import dev.judge.contracts.Checker;
import dev.judge.contracts.JudgeRequest;
import dev.judge.contracts.JudgeRequest.Group;
import dev.judge.contracts.JudgeResult;
import dev.judge.contracts.JudgeResult.GroupResult;
import dev.judge.contracts.JudgeResult.TestCaseResult;
import dev.judge.contracts.ProblemProgram;
import dev.judge.contracts.ProgramFiles;
import dev.judge.contracts.SubmissionStatus;
import dev.judge.contracts.Verdict;
import dev.judge.contracts.language.Language;
import dev.judge.contracts.language.LanguageCatalog;
import dev.judge.worker.sandbox.MachineTooBusyException;
import dev.judge.worker.sandbox.Sandbox;
import dev.judge.worker.sandbox.SandboxFiles;
import dev.judge.worker.sandbox.Sandboxes;
import dev.judge.worker.testdata.TestDataStore;
import dev.judge.worker.testdata.TestDataUnavailableException;
import dev.judge.worker.testdata.TestSet;

/**
 * Judges one submission: compiles it once, runs it on the tests group by group in the sandbox, has
 * each run checked (by a built-in checker, the setter's checker or, for an interactive problem, the
 * interactor it talked to and then the problem's checker of what that wrote, if it has one), and
 * sums up a verdict and a score. Failures of the judge itself, or of a setter's program, become
 * INTERNAL_ERROR, never a user verdict; so does a run the machine kept from a CPU every time it was
 * made (a compilation included: never COMPILATION_ERROR for the judge's load).
 */
@Component
public class Judge {

    private static final Logger log = LoggerFactory.getLogger(Judge.class);

    private final Sandboxes sandboxes;
    private final LanguageCatalog languages;
    private final WorkerProperties properties;
    private final SetterPrograms setterPrograms;
    private final TestDataStore testData;
    private final String workerName;

    Judge(
            Sandboxes sandboxes,
            LanguageCatalog languages,
            WorkerProperties properties,
            SetterPrograms setterPrograms,
            TestDataStore testData,
            WorkerIdentity identity) {
        this.sandboxes = sandboxes;
        this.languages = languages;
        this.properties = properties;
        this.setterPrograms = setterPrograms;
        this.testData = testData;
        this.workerName = identity.name();
    }

    /** @throws TestDataUnavailableException when the problem's tests could not be fetched: not the submission's fault */
    JudgeResult judge(JudgeRequest request, Instant startedAt) {
        return judge(request, startedAt, test -> {});
    }

    /**
     * As {@link #judge(JudgeRequest, Instant)}, telling {@code beforeEachTest} each test's index before it
     * is judged: a preparation's progress and time limit, held inside a solution's judging (2,000 tests
     * had been one step, never stopped). What it throws ends the judging and is passed on.
     */
    public JudgeResult judge(JudgeRequest request, Instant startedAt, IntConsumer beforeEachTest) {
        try {
            return request.isOutputOnly()
                    ? judgeOutputs(request, startedAt, beforeEachTest)
                    : judgeProgram(request, startedAt, beforeEachTest);
        } catch (TestDataUnavailableException | JudgingStopped e) {
            throw e;
        } catch (MachineTooBusyException e) {
            // The machine's load, not the program: no verdict, and the submitter is told so.
            log.warn("Submission {} was not judged: {}", request.submissionId(), e.getMessage());
            return failed(request, startedAt, e.getMessage());
        } catch (IOException | RuntimeException e) {
            log.error("Judging submission {} failed", request.submissionId(), e);
            // The exception's message may name the worker's paths or addresses: it goes to the log only.
            return failed(request, startedAt, "The judge failed (logged on " + workerName + ").");
        }
    }

    /**
     * An output-only problem's submission: nothing compiled or run, each test's submitted output judged
     * by the problem's checker (a missing one is a wrong answer).
     */
    private JudgeResult judgeOutputs(JudgeRequest request, Instant startedAt, IntConsumer beforeEachTest)
            throws IOException {
        Checker checker = request.effectiveChecker();
        SetterPrograms.Built customChecker = buildIfAny(checker.isCustom() ? checker.program() : null);
        if (customChecker != null && customChecker.failed()) {
            log.warn(
                    "The checker of submission {}'s problem could not be built:\n{}",
                    request.submissionId(),
                    customChecker.failure());
            return failed(request, startedAt, "The problem's checker could not be built; the judge's log says why.");
        }
        try (TestSet tests = testData.open(request);
                Sandbox checkerBox = customChecker == null ? null : sandboxes.open(customChecker.language())) {
            TestRunner runner = new TestRunner(
                    request,
                    null,
                    List.of(),
                    null,
                    TestRunner.Setter.in(checkerBox, customChecker, checker.program()),
                    properties);
            List<String> outputs = request.outputs();
            return judgeTests(
                    request,
                    tests,
                    (index, test, inputFile, worth) -> runner.judgeOutput(
                            index, test, inputFile, worth, index < outputs.size() ? outputs.get(index) : null),
                    beforeEachTest,
                    null,
                    startedAt);
        }
    }

    private JudgeResult judgeProgram(JudgeRequest request, Instant startedAt, IntConsumer beforeEachTest)
            throws IOException {
        Language language = languages.find(request.language()).orElse(null);
        if (language == null) {
            return failed(request, startedAt, "This worker does not know the language " + request.language() + ".");
        }
        try (TestSet tests = testData.open(request);
                Sandbox box = sandboxes.open(language)) {
            JudgeRequest.Program program = request.effectiveProgram();
            Optional<String> refusal = programRefusal(language, program);
            if (refusal.isPresent()) {
                // The API refuses all of these: a message that has one was not made by it.
                return failed(request, startedAt, "The submission's files cannot be built: " + refusal.get() + ".");
            }
            Optional<String> runs = request.runsRefusal();
            if (runs.isPresent()) {
                return failed(request, startedAt, "The problem's tests cannot be run so: " + runs.get() + ".");
            }
            String sourceName = program.sourceName() != null ? program.sourceName() : language.sourceFile();
            SandboxFiles.writeFresh(box.folder().resolve(sourceName), request.sourceCode());
            for (Map.Entry<String, String> file : program.files().entrySet()) {
                SandboxFiles.writeFresh(box.folder().resolve(file.getKey()), file.getValue());
            }
            String compilerOutput = null;
            if (language.isCompiled()) {
                Set<String> names = new HashSet<>(program.files().keySet());
                names.add(sourceName);
                Compiler.Compiled compiled =
                        Compiler.compile(box, language.forSubmission(names, program.compileOptions()), properties);
                compilerOutput = compiled.messages();
                if (!compiled.succeeded()) {
                    return finished(
                            request, startedAt, Verdict.COMPILATION_ERROR, compilerOutput, List.of(), null, List.of());
                }
            }
            Checker checker = request.isInteractive() ? request.interactionChecker() : request.effectiveChecker();
            SetterPrograms.Built interactor = buildIfAny(request.interactor());
            SetterPrograms.Built customChecker =
                    buildIfAny(checker != null && checker.isCustom() ? checker.program() : null);
            for (var built : new SetterPrograms.Built[] {interactor, customChecker}) {
                if (built != null && built.failed()) {
                    // The compiler's messages quote the setter's code: for the worker's log, never the contestant.
                    String which = built == interactor ? "interactor" : "checker";
                    log.warn(
                            "The {} of submission {}'s problem could not be built:\n{}",
                            which,
                            request.submissionId(),
                            built.failure());
                    return failed(
                            request,
                            startedAt,
                            "The problem's " + which + " could not be built; the judge's log says why.");
                }
            }
            // A sandbox each (closed here; a null one is not opened), so that no program sees another's files.
            try (Sandbox interactorBox = interactor == null ? null : sandboxes.open(interactor.language());
                    Sandbox checkerBox = customChecker == null ? null : sandboxes.open(customChecker.language());
                    Instances instances = Instances.of(box, request.instances(), () -> sandboxes.open(language))) {
                return judgeTests(
                        request,
                        tests,
                        new TestRunner(
                                request,
                                language,
                                instances.boxes(),
                                TestRunner.Setter.in(interactorBox, interactor, request.interactor()),
                                TestRunner.Setter.in(
                                        checkerBox, customChecker, checker == null ? null : checker.program()),
                                properties)::run,
                        beforeEachTest,
                        compilerOutput,
                        startedAt);
            }
        }
    }

    /**
     * The sandboxes of a communication problem's instances: the one the program was built in, and a
     * copy of the built program in a sandbox of its own for each further instance (closed with this).
     */
    private record Instances(List<Sandbox> boxes) implements AutoCloseable {

        interface Opener {
            Sandbox open() throws IOException;
        }

        static Instances of(Sandbox built, int count, Opener opener) throws IOException {
            Instances instances = new Instances(new ArrayList<>(List.of(built)));
            try {
                while (instances.boxes.size() < count) {
                    Sandbox more = opener.open();
                    instances.boxes.add(more);
                    SandboxFiles.copyTree(built.folder(), more.folder());
                }
                return instances;
            } catch (IOException | RuntimeException e) {
                instances.close();
                throw e;
            }
        }

        @Override
        public void close() {
            boxes.subList(1, boxes.size()).forEach(Sandbox::close);
        }
    }

    /** How one test is judged: by running the program on it, or by checking the output submitted for it. */
    @FunctionalInterface
    interface TestJudge {
        TestCaseResult judge(int index, JudgeRequest.TestCase test, Path inputFile, double worth) throws IOException;
    }

    /**
     * Group by group, in the problem's order (a problem without groups is one group of all its tests).
     * A group whose dependencies did not all pass is skipped; a group scored as a whole stops at its
     * first failing test (unless the problem asks for every test), one whose tests score each their own
     * points runs them all; an INTERNAL_ERROR stops everything. The verdict is the first failing test's,
     * INTERNAL_ERROR wherever it is.
     */
    private JudgeResult judgeTests(
            JudgeRequest request,
            TestSet tests,
            TestJudge judgeOne,
            IntConsumer beforeEachTest,
            String compilerOutput,
            Instant startedAt)
            throws IOException {
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
            return finished(request, startedAt, verdict, compilerOutput, runs, null, List.of());
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
                request,
                startedAt,
                verdict,
                compilerOutput,
                results,
                score,
                request.groups().isEmpty() ? List.of() : groupResults);
    }

    /**
     * Why these files and options cannot be built in this language: a name that could reach outside
     * the folder or clash with another, an option the catalog does not allow.
     */
    static Optional<String> programRefusal(Language language, JudgeRequest.Program program) {
        List<String> names = new ArrayList<>(program.files().keySet());
        if (program.sourceName() != null) {
            names.add(program.sourceName());
        }
        for (String name : names) {
            Optional<String> refusal = ProgramFiles.refusal(name);
            if (refusal.isPresent()) {
                return Optional.of("\"" + name + "\": " + refusal.get());
            }
        }
        if (program.sourceName() != null && program.files().containsKey(program.sourceName())) {
            return Optional.of("two files are called " + program.sourceName());
        }
        if (program.sourceName() == null && program.files().containsKey(language.sourceFile())) {
            return Optional.of("a file beside the source is called as the source, " + language.sourceFile());
        }
        if (program.files().size() > ProgramFiles.MAX_FILES * 2) {
            return Optional.of("more than " + ProgramFiles.MAX_FILES * 2 + " files");
        }
        return language.compileOptionsRefusal(program.compileOptions());
    }

    private SetterPrograms.Built buildIfAny(ProblemProgram program) throws IOException {
        return program == null ? null : setterPrograms.build(program);
    }

    private JudgeResult failed(JudgeRequest request, Instant startedAt, String message) {
        return finished(request, startedAt, Verdict.INTERNAL_ERROR, message, List.of(), null, List.of());
    }

    /** @param score null where nothing scored: a compilation error, the judge's failure, a run on stdin */
    private JudgeResult finished(
            JudgeRequest request,
            Instant startedAt,
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
                scored ? maxScore(request) : null,
                groups,
                request.judgement());
    }

    private static double maxScore(JudgeRequest request) {
        return request.groups().isEmpty()
                ? JudgeRequest.UNGROUPED_POINTS
                : request.groups().stream().mapToDouble(Group::points).sum();
    }
}
