package dev.judge.contracts;

import java.util.List;

/**
 * API → worker, on {@link JudgeQueues#PREPARATIONS}: a problem version whose setter programs are to be
 * built, and its tests validated, before anyone may submit to it. The worker answers with a
 * {@link PreparationResult}. Building is done once per content on each worker and kept, so the
 * version's first submissions find its programs built.
 *
 * @param checker the custom checker, or null
 * @param interactor the interactor, or null
 * @param validator run on each test's input (testlib's {@code registerValidation}: the input on stdin,
 *        {@code --group <name>} for a test in a group); null for none
 * @param testCases the tests, or null when {@code testData} refers to them (as in {@link JudgeRequest})
 * @param testData where to fetch the tests from when they are not in {@code testCases}
 * @param solutions the setter's tagged solutions to judge once the version validated (a Polygon
 *        package's, imported with verify), each as the request a submission of it would be; empty for none
 * @param generation the tests to make before validating them, when the setter gave programs for them;
 *        null for none (and in messages before contract version 6)
 * @param setterLimits the problem's own limits for its validator and generators; null for the worker's
 * @param timeLimitInference for a package that gives no time limit: how to infer one; null otherwise
 * @param furtherValidators a problem package's other input validators (its format runs every one on
 *        every test), each run after {@code validator} as it is; empty for none (and before contract
 *        version 15)
 */
public record ProblemPreparation(
        long problemId,
        int version,
        ProblemProgram checker,
        ProblemProgram interactor,
        ProblemProgram validator,
        List<JudgeRequest.TestCase> testCases,
        TestData testData,
        List<TaggedSolution> solutions,
        TestGeneration generation,
        SetterLimits setterLimits,
        TimeLimitInference timeLimitInference,
        List<ProblemProgram> furtherValidators) {

    public ProblemPreparation {
        solutions = solutions == null ? List.of() : List.copyOf(solutions);
        furtherValidators = furtherValidators == null ? List.of() : List.copyOf(furtherValidators);
        setterLimits = setterLimits == null ? SetterLimits.WORKERS : setterLimits;
    }

    /** With the worker's limits for setter programs. */
    public ProblemPreparation(
            long problemId,
            int version,
            ProblemProgram checker,
            ProblemProgram interactor,
            ProblemProgram validator,
            List<JudgeRequest.TestCase> testCases,
            TestData testData,
            List<TaggedSolution> solutions,
            TestGeneration generation) {
        this(
                problemId,
                version,
                checker,
                interactor,
                validator,
                testCases,
                testData,
                solutions,
                generation,
                null,
                null,
                null);
    }

    /**
     * @param name where the setter keeps it (its path in the package)
     * @param tag Polygon's: main, accepted, wrong-answer, time-limit-exceeded, rejected, ...
     */
    public record TaggedSolution(String name, String tag, JudgeRequest request) {}

    /** The names a preparation's failure gives its programs, and the problem's fields they came in. */
    public static final String CHECKER = "checker";

    public static final String INTERACTOR = "interactor";
    public static final String VALIDATOR = "validator";
    /** The prefix of a failed generator's name: "generator gen". */
    public static final String GENERATOR = "generator ";

    /**
     * Where a worker asks the API (its management port, {@link TestData#TOKEN_HEADER}) whether a version
     * is still {@code PREPARING} and whether another worker is preparing it, as
     * {@code {"status": ..., "underWay": true|false}}: a preparation sent again while the first was queued
     * or running is then skipped rather than done twice.
     */
    public static String statusPath(long problemId, int version) {
        return "/internal/problems/" + problemId + "/versions/" + version + "/preparation";
    }

    public boolean hasTestDataByReference() {
        return testData != null;
    }

    /** Whether tests are to be made before they are validated. */
    public boolean generatesTests() {
        return generation != null && !generation.isEmpty();
    }

    /** The same preparation of the tests {@code reference} points to, made already: its solutions judged against them too. */
    public ProblemPreparation withGeneratedTests(TestData reference) {
        return new ProblemPreparation(
                problemId,
                version,
                checker,
                interactor,
                validator,
                null,
                reference,
                solutions.stream()
                        .map(solution -> new TaggedSolution(
                                solution.name(),
                                solution.tag(),
                                solution.request().withTests(reference)))
                        .toList(),
                null,
                setterLimits,
                timeLimitInference,
                furtherValidators);
    }

    /** Every validator, in the order they run: {@code validator}, then the further ones. */
    public List<ProblemProgram> validators() {
        List<ProblemProgram> all = new java.util.ArrayList<>();
        if (validator != null) {
            all.add(validator);
        }
        all.addAll(furtherValidators);
        return all;
    }
}
