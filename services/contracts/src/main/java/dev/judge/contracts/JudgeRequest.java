package dev.judge.contracts;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * API → worker, on a lane's queue ({@link Lane#queue()}): everything a worker needs to judge one submission.
 *
 * <p>The request carries the test cases itself, or for a large problem a {@link TestData} reference
 * that workers fetch once from the API, so that workers need no database access (and no database
 * credentials).
 *
 * @param limits the contestant's limits, the language's time factor already applied
 * @param comparison what a worker of contract version 1 compares with; newer ones use {@code checker}
 * @param checker null in messages of contract version 1 (see {@link #effectiveChecker()}); for an
 *        interactive problem, what judges the interactor's output file (testlib's {@code tout}) against
 *        the test's answer once the interactor accepted, or null when the interactor alone decides
 *        (see {@link #interactionChecker()})
 * @param interactor null unless the problem is interactive: then each test runs the program and
 *        this, joined by pipes, and this (with {@code checker}, if there is one) decides the test's verdict
 * @param groups the problem's subtasks in judging order; empty for a problem without them, whose
 *        tests are all one group worth {@link #UNGROUPED_POINTS}
 * @param testCases for a run without a problem, one case whose {@code expectedOutput} is null; null
 *        when {@code testData} is given (a worker of contract version 2 then fails the submission with
 *        INTERNAL_ERROR rather than accept it on no tests)
 * @param acceptedAt when the API stored the submission, or queued it again for a rejudge; the start of
 *        queue-wait and end-to-end timing
 * @param testData where to fetch the tests from when they are not in {@code testCases}; null in
 *        messages before contract version 3
 * @param judgement which judgement of the submission this is: 1, then one more per rejudge; the
 *        result carries it back, so that a late result of an earlier one is not taken for it (1 in
 *        messages before contract version 4)
 * @param setterLimits the problem's own limits for its checker and interactor; null for the worker's
 *        (and in messages before contract version 6)
 * @param program what is built with {@code sourceCode}: files beside it (the contestant's, the
 *        problem's grader), the name it is saved as, compile options; null for the source alone (and
 *        in messages before contract version 9)
 * @param outputs for an output-only problem, the submitted output of each test by its index (null
 *        where none was given): nothing is compiled or run, and {@code language} is {@link #OUTPUT_ONLY};
 *        null for a program (and in messages before contract version 11)
 * @param runs how many instances of the program a test runs at once, in how many passes at most;
 *        {@link Runs#ONE} (and null in messages before contract version 12) for one run
 * @param kind how the submission is judged; null in messages before contract version 17, whose kind is
 *        read from their {@code outputs}, {@code interactor} and {@code runs} here, once
 */
public record JudgeRequest(
        UUID submissionId,
        String language,
        String sourceCode,
        Limits limits,
        OutputComparison comparison,
        Checker checker,
        ProblemProgram interactor,
        List<Group> groups,
        boolean stopOnFirstFailure,
        List<TestCase> testCases,
        Instant acceptedAt,
        TestData testData,
        Integer judgement,
        SetterLimits setterLimits,
        Program program,
        List<String> outputs,
        Runs runs,
        TaskKind kind) {

    /**
     * The longest a submission is expected to wait from {@code acceptedAt} to its verdict, in a burst
     * that a small cluster drains in minutes: the top bucket of the queue-wait and end-to-end
     * histograms, whose quantiles would otherwise stop at Micrometer's default 30 s.
     */
    public static final Duration LONGEST_EXPECTED_WAIT = Duration.ofHours(1);

    /** What a problem without subtasks is worth, all or nothing. */
    public static final double UNGROUPED_POINTS = 100;

    public JudgeRequest {
        groups = groups == null ? List.of() : List.copyOf(groups);
        judgement = judgement == null ? 1 : judgement;
        setterLimits = setterLimits == null ? SetterLimits.WORKERS : setterLimits;
        program = program == null || program.isSourceAlone() ? null : program;
        outputs = outputs == null ? null : Collections.unmodifiableList(new ArrayList<>(outputs));
        runs = runs == null ? Runs.ONE : runs;
        kind = kind == null ? TaskKind.of(outputs, interactor, runs) : kind;
    }

    /**
     * How a test runs the program beyond once: several instances at once, each in a sandbox of its own
     * and each talking to the interactor (the problem's manager) through pipes of its own (a
     * communication problem); several passes, each on the input the interactor or checker left for it
     * (a multi-pass problem).
     */
    public record Runs(int instances, int passes) {

        public static final Runs ONE = new Runs(1, 1);

        /** The most instances of a program a test runs at once. */
        public static final int MAX_INSTANCES = 8;

        /** The most passes a test may take. */
        public static final int MAX_PASSES = 10;
    }

    public int instances() {
        return runs.instances();
    }

    public int passes() {
        return runs.passes();
    }

    /** The language of a submission of outputs, which names none: it is not a program. */
    public static final String OUTPUT_ONLY = "output-only";

    /** A submission of outputs to an output-only problem: judged by the checker, never run. */
    public boolean isOutputOnly() {
        return kind == TaskKind.OUTPUT_ONLY;
    }

    /** The same request carrying these outputs in place of a program. */
    public JudgeRequest withOutputs(List<String> submitted) {
        return with(limits, testCases, testData, program, submitted, runs, TaskKind.OUTPUT_ONLY);
    }

    /** The same request running this many instances of the program on each test, in up to this many passes. */
    public JudgeRequest withRuns(Runs other) {
        return with(limits, testCases, testData, program, outputs, other, TaskKind.of(outputs, interactor, other));
    }

    /** The same request under other limits (a time limit inferred while a problem is prepared). */
    public JudgeRequest withLimits(Limits other) {
        return with(other, testCases, testData, program, outputs, runs, kind);
    }

    /** With the worker's limits for setter programs, and the source alone. */
    public JudgeRequest(
            UUID submissionId,
            String language,
            String sourceCode,
            Limits limits,
            OutputComparison comparison,
            Checker checker,
            ProblemProgram interactor,
            List<Group> groups,
            boolean stopOnFirstFailure,
            List<TestCase> testCases,
            Instant acceptedAt,
            TestData testData,
            Integer judgement) {
        this(
                submissionId,
                language,
                sourceCode,
                limits,
                comparison,
                checker,
                interactor,
                groups,
                stopOnFirstFailure,
                testCases,
                acceptedAt,
                testData,
                judgement,
                null,
                null,
                null,
                null,
                null);
    }

    /** A problem of plain tests: no subtasks, no interactor, judging stops at the first failing test. */
    public static JudgeRequest plain(
            UUID submissionId,
            String language,
            String sourceCode,
            Limits limits,
            Checker checker,
            List<TestCase> testCases,
            Instant acceptedAt) {
        return new JudgeRequest(
                submissionId,
                language,
                sourceCode,
                limits,
                checker.asComparison(),
                checker,
                null,
                List.of(),
                true,
                testCases,
                acceptedAt,
                null,
                1);
    }

    public Checker effectiveChecker() {
        return checker != null ? checker : Checker.of(comparison);
    }

    public boolean isInteractive() {
        return interactor != null;
    }

    /** For an interactive problem: the checker of what the interactor wrote, or null when it alone decides. */
    public Checker interactionChecker() {
        return interactor != null ? checker : null;
    }

    /**
     * Why this request's instances or passes cannot be run, if they cannot: its kind must be what it
     * carries, several instances need an interactor to talk to, several passes a setter's program to
     * ask for them.
     */
    public Optional<String> runsRefusal() {
        if ((kind == TaskKind.OUTPUT_ONLY) != (outputs != null)
                || kind.talksToInteractor() != isInteractive()
                || kind == TaskKind.INTERACTIVE && instances() > 1) {
            return Optional.of("a problem judged as " + kind + " has "
                    + (outputs != null ? "outputs" : "a program") + (isInteractive() ? ", an interactor" : "")
                    + " and " + instances() + " instance(s)");
        }
        if (instances() < 1 || instances() > Runs.MAX_INSTANCES || passes() < 1 || passes() > Runs.MAX_PASSES) {
            return Optional.of("instances must be 1 to " + Runs.MAX_INSTANCES + " and passes 1 to " + Runs.MAX_PASSES);
        }
        if (instances() > 1 && !isInteractive()) {
            return Optional.of("several instances need an interactor");
        }
        if (passes() > 1 && !isInteractive() && !effectiveChecker().isCustom()) {
            return Optional.of("several passes need an interactor or a custom checker");
        }
        return Optional.empty();
    }

    public boolean hasTestDataByReference() {
        return testData != null;
    }

    /** The same request with its tests by {@code reference} instead. */
    public JudgeRequest withTests(TestData reference) {
        return with(limits, null, reference, program, outputs, runs, kind);
    }

    /** The same request with these files, source name and compile options. */
    public JudgeRequest withProgram(Program other) {
        return with(limits, testCases, testData, other, outputs, runs, kind);
    }

    /** This request with the parts the withers change, the rest as it is. */
    private JudgeRequest with(
            Limits under,
            List<TestCase> tests,
            TestData reference,
            Program built,
            List<String> submitted,
            Runs ran,
            TaskKind as) {
        return new JudgeRequest(
                submissionId,
                language,
                sourceCode,
                under,
                comparison,
                checker,
                interactor,
                groups,
                stopOnFirstFailure,
                tests,
                acceptedAt,
                reference,
                judgement,
                setterLimits,
                built,
                submitted,
                ran,
                as);
    }

    /** What is built with the source; the source alone when the request names nothing else. */
    public Program effectiveProgram() {
        return program != null ? program : Program.SOURCE_ALONE;
    }

    /**
     * Runs without a problem: one per input, each with its output, none with an expected output, no
     * score (several since contract version 10).
     */
    public boolean isRunOnStdin() {
        return testData == null
                && !testCases.isEmpty()
                && testCases.stream().noneMatch(TestCase::hasExpectedOutput)
                && interactor == null;
    }

    /**
     * What a submission builds beside its source.
     *
     * @param sourceName the name its source is saved under; null: its language's source file. A
     *        problem with graders names it ({@code solution.cpp}), and its grader is then the source file
     * @param files saved beside the source, by name ({@link ProgramFiles}): the contestant's own files
     *        and the problem's grader files for the language
     * @param compileOptions what the submission added to its language's compile command, from the
     *        catalog's allowed options
     */
    public record Program(String sourceName, java.util.Map<String, String> files, List<String> compileOptions) {

        public static final Program SOURCE_ALONE = new Program(null, null, null);

        public Program {
            files = files == null ? java.util.Map.of() : new java.util.TreeMap<>(files);
            compileOptions = compileOptions == null ? List.of() : List.copyOf(compileOptions);
        }

        public boolean isSourceAlone() {
            return sourceName == null && files.isEmpty() && compileOptions.isEmpty();
        }

        /**
         * A problem's grader (this) with a submission's own files and compile options; null for neither.
         * The grader's files win a name (the API refuses a submission that would take one).
         */
        public static Program of(Program grader, Program submitted) {
            if (grader == null || submitted == null) {
                return grader != null ? grader : submitted;
            }
            java.util.Map<String, String> files = new java.util.TreeMap<>(submitted.files());
            files.putAll(grader.files());
            return new Program(grader.sourceName(), files, submitted.compileOptions());
        }
    }

    /** Per-run limits, already capped by the API's settings; the worker caps them again by its own. */
    public record Limits(long timeLimitMs, long memoryLimitMb) {}

    /** @param group the name of the subtask it belongs to; null in a problem without subtasks */
    public record TestCase(String input, String expectedOutput, String group) {

        public TestCase(String input, String expectedOutput) {
            this(input, expectedOutput, null);
        }

        public boolean hasExpectedOutput() {
            return expectedOutput != null;
        }
    }

    /**
     * A subtask, scored as its {@link Scoring} says.
     *
     * @param dependsOn groups listed before this one that must pass (every test accepted) for it to be
     *        judged at all
     * @param scoring how its points are scored; COMPLETE_GROUP when null (and in messages before contract
     *        version 8)
     * @param testPoints with EACH_TEST, each of its tests' points, in the order of its tests; their sum is
     *        {@code points}. Null otherwise
     */
    public record Group(String name, double points, List<String> dependsOn, Scoring scoring, List<Double> testPoints) {

        public Group {
            dependsOn = dependsOn == null ? List.of() : List.copyOf(dependsOn);
            scoring = scoring == null ? Scoring.COMPLETE_GROUP : scoring;
            testPoints = testPoints == null ? null : List.copyOf(testPoints);
        }

        /** A group scored as a whole. */
        public Group(String name, double points, List<String> dependsOn) {
            this(name, points, dependsOn, Scoring.COMPLETE_GROUP, null);
        }

        /** A group whose tests score their own points, summed (Polygon's points-policy "each-test"). */
        public static Group eachTest(String name, List<Double> testPoints, List<String> dependsOn) {
            return new Group(
                    name,
                    testPoints.stream().mapToDouble(Double::doubleValue).sum(),
                    dependsOn,
                    Scoring.EACH_TEST,
                    testPoints);
        }

        /** The points its {@code index}-th test (from 0, in the order of its tests) is worth with EACH_TEST. */
        public double pointsOfTest(int index) {
            return testPoints != null && index < testPoints.size() ? testPoints.get(index) : 0;
        }

        /** How a group's points are scored, as Polygon's points-policy names it. */
        public enum Scoring {
            /** All its points if every test passes, or with partial scores the smallest share times them. */
            COMPLETE_GROUP,
            /** Each test its own points (times its share, with partial scores), summed; a failed test stops nothing. */
            EACH_TEST
        }
    }
}
