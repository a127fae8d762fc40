package dev.judge.api.problem;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import io.swagger.v3.oas.annotations.media.Schema;

import dev.judge.api.language.TimeLimitsView;
import dev.judge.contracts.Checker;
import dev.judge.contracts.JudgeRequest;
import dev.judge.contracts.OutputComparison;
import dev.judge.contracts.PreparationResult;
import dev.judge.contracts.ProblemProgram;
import dev.judge.contracts.Verdict;
import dev.judge.contracts.language.Language;

/**
 * A problem's current version as clients see it. A setter's programs show their kind and language;
 * their code and files only when asked for ({@code ?include=sources}) by who manages the problem. Who
 * may only submit to it sees its statement: no test cases.
 *
 * @param comparison the checker's kind when it is exact or whitespace, as before checkers; absent otherwise
 */
public record ProblemView(
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED) long id,

        @Schema(
                requiredMode = Schema.RequiredMode.REQUIRED,
                description = "Incremented by each edit; submissions record the one they were judged against")
        int version,

        @Schema(requiredMode = Schema.RequiredMode.REQUIRED) String title,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED) int timeLimitMs,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED) int memoryLimitMb,
        OutputComparison comparison,

        @Schema(description = "Absent for an interactive problem whose interactor alone decides")
        CheckerView checker,

        ProgramView interactor,
        ProgramView validator,

        @Schema(description = "More validators, each run on every test after validator; absent: none")
        List<ProgramView> furtherValidators,

        @Schema(requiredMode = Schema.RequiredMode.REQUIRED) List<GroupView> groups,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED) Map<String, TimeLimitsView> timeLimits,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED) boolean stopOnFirstFailure,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED) TestsView tests,

        @Schema(
                description = "Left out when the tests are over 8 MiB (read them from GET /api/problems/{id}/tests), "
                        + "and for callers who may submit to the problem but not manage it")
        List<TestCaseView> testCases,

        @Schema(requiredMode = Schema.RequiredMode.REQUIRED) ProblemVisibility submitters,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED) PreparationView preparation,

        @Schema(description = "Its own limits for its setter programs; absent: the workers'")
        SetterLimitsRequest setterLimits,

        @Schema(
                description = "A grader problem's graders by language: the languages it takes, and the name a "
                        + "submission's source is saved as; their files only for its managers, with include=sources")
        Map<String, GraderView> graders,

        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, description = "What a submission's own key sees")
        FeedbackPolicy feedback,

        @Schema(description = "The sample tests, by number from 1: always shown in full")
        List<Integer> samples,

        @Schema(
                requiredMode = Schema.RequiredMode.REQUIRED,
                description = "Its submissions give each test's output rather than a program")
        boolean outputOnly,

        @Schema(
                requiredMode = Schema.RequiredMode.REQUIRED,
                description = "How many instances of a submission each test runs at once: more than 1 for a "
                        + "communication problem")
        int instances,

        @Schema(
                requiredMode = Schema.RequiredMode.REQUIRED,
                description = "The most passes a test may take: more than 1 for a multi-pass problem")
        int passes,

        @Schema(description = "The languages it takes submissions in; absent: every language")
        List<String> languages) {

    @Schema(name = "Grader")
    record GraderView(
            @Schema(requiredMode = Schema.RequiredMode.REQUIRED, example = "solution.cpp")
            String solutionFile,

            Map<String, String> files) {}

    /**
     * Whether the version takes submissions: READY; PREPARING while a worker builds its setter programs
     * and validates its tests (submissions get 409 with Retry-After); FAILED, with what failed and why.
     */
    @Schema(name = "Preparation")
    record PreparationView(
            @Schema(requiredMode = Schema.RequiredMode.REQUIRED)
            PreparationResult.Status status,

            @Schema(
                    types = {"string", "null"},
                    description = "What failed: checker, interactor, validator or test <n> (from 1); "
                            + "for the problem's managers",
                    example = "test 3")
            String file,

            @Schema(
                    types = {"string", "null"},
                    description = "The compiler's or the validator's words; for the problem's managers")
            String message,

            @Schema(
                    description =
                            "Once READY, the verdict of each tagged solution it was imported with (verify), and whether "
                                    + "its tag allows it (null for a tag this judge does not know); a package's example "
                                    + "submission this judge does not run (Python 2, say) is listed with why, and no "
                                    + "verdict; for the problem's managers")
            List<SolutionView> solutions,

            @Schema(
                    types = {"string", "null"},
                    description =
                            "While PREPARING, how far the worker preparing it got (it says so every half minute); "
                                    + "for the problem's managers",
                    example = "validating test 12 of 500")
            String progress) {

        static PreparationView of(
                ProblemVersion.Preparation preparation,
                List<ProblemVersion.TaggedSolution> solutions,
                boolean manages) {
            List<SolutionView> judged = new java.util.ArrayList<>();
            preparation
                    .solutions()
                    .forEach(verdict -> judged.add(new SolutionView(
                            verdict.name(),
                            verdict.tag(),
                            verdict.verdict(),
                            verdict.score(),
                            verdict.matchesTag(),
                            null)));
            if (!judged.isEmpty()) {
                solutions.stream()
                        .filter(solution -> solution.notJudged() != null)
                        .forEach(solution -> judged.add(new SolutionView(
                                solution.name(), solution.tag(), null, null, null, solution.notJudged())));
            }
            return new PreparationView(
                    preparation.status(),
                    manages ? preparation.file() : null,
                    manages ? preparation.message() : null,
                    !manages || judged.isEmpty() ? null : judged,
                    manages && preparation.status() == PreparationResult.Status.PREPARING
                            ? preparation.progress()
                            : null);
        }
    }

    @Schema(name = "SolutionVerdict")
    record SolutionView(
            @Schema(requiredMode = Schema.RequiredMode.REQUIRED, example = "solutions/main.cpp")
            String name,

            @Schema(requiredMode = Schema.RequiredMode.REQUIRED, example = "main")
            String tag,

            @Schema(
                    types = {"string", "null"},
                    description = "null when it was not judged (notJudged says why)")
            Verdict verdict,

            Double score,
            @Schema(types = {"boolean", "null"}) Boolean matchesTag,

            @Schema(
                    types = {"string", "null"},
                    description = "Why this judge did not judge it; null for one it judged",
                    example = "it is Python 2 (its first line says so), which this judge does not run")
            String notJudged) {}

    /** What the tests of this version are, however large. */
    @Schema(name = "Tests")
    record TestsView(
            @Schema(requiredMode = Schema.RequiredMode.REQUIRED)
            int count,

            @Schema(requiredMode = Schema.RequiredMode.REQUIRED, description = "Inputs and answers together, in UTF-8")
            long bytes,

            @Schema(
                    requiredMode = Schema.RequiredMode.REQUIRED,
                    description = "Their content hash, as the workers check it")
            String sha256) {}

    /** A test case as clients see it (and send it). */
    @Schema(name = "TestCase")
    public record TestCaseView(
            @Schema(requiredMode = Schema.RequiredMode.REQUIRED)
            String input,

            @Schema(requiredMode = Schema.RequiredMode.REQUIRED)
            String expectedOutput,

            @Schema(
                    types = {"string", "null"},
                    description = "The subtask it belongs to; none in a problem without them")
            String group) {}

    /** @param kind exact, whitespace, float, custom or tokens (with its {@code tokens} flags) */
    @Schema(name = "Checker")
    record CheckerView(
            @Schema(requiredMode = Schema.RequiredMode.REQUIRED)
            CheckerRequest.Kind kind,

            Double epsilon,
            String language,
            String sourceCode,
            Map<String, String> files,
            String standard,
            List<String> defines,
            CheckerRequest.Scores scores,
            Checker.Tokens tokens,

            @Schema(
                    types = {"string", "null"},
                    description = "kattis for a problem package's validator; null for testlib's")
            ProgramProtocol protocol,

            @Schema(
                    types = {"array", "null"},
                    description = "A kattis validator's arguments after its three")
            List<String> arguments) {

        static CheckerView of(Checker checker, boolean withSources) {
            ProgramView program = program(checker.program(), withSources);
            return new CheckerView(
                    CheckerRequest.Kind.valueOf(checker.kind().name()),
                    checker.epsilon(),
                    program == null ? null : program.language(),
                    program == null ? null : program.sourceCode(),
                    program == null ? null : program.files(),
                    program == null ? null : program.standard(),
                    program == null ? null : program.defines(),
                    checker.isCustom()
                            ? CheckerRequest.Scores.valueOf(checker.scores().name())
                            : null,
                    checker.tokens(),
                    program == null ? null : program.protocol(),
                    program == null ? null : program.arguments());
        }
    }

    /** @param standard and {@code defines}: how it is compiled, where not as the catalog says; shown with its sources */
    @Schema(name = "Program")
    record ProgramView(
            @Schema(requiredMode = Schema.RequiredMode.REQUIRED)
            String language,

            String sourceCode,
            Map<String, String> files,
            String standard,
            List<String> defines,

            @Schema(
                    types = {"string", "null"},
                    description = "kattis for a problem package's validator; null for testlib's")
            ProgramProtocol protocol,

            @Schema(
                    types = {"array", "null"},
                    description = "A kattis validator's arguments after its three")
            List<String> arguments,

            @Schema(
                    types = {"object", "null"},
                    description = "A kattis input validator's arguments on the tests, by number from 1, that have "
                            + "their own")
            Map<Integer, List<String>> testArguments) {}

    @Schema(name = "Group")
    record GroupView(
            @Schema(requiredMode = Schema.RequiredMode.REQUIRED)
            String name,

            @Schema(requiredMode = Schema.RequiredMode.REQUIRED)
            double points,

            @Schema(requiredMode = Schema.RequiredMode.REQUIRED)
            List<String> dependsOn,

            @Schema(requiredMode = Schema.RequiredMode.REQUIRED)
            JudgeRequest.Group.Scoring scoring,

            @Schema(
                    types = {"array", "null"},
                    description = "With EACH_TEST: each of its tests' points, in the order of its tests")
            List<Double> testPoints) {}

    /** What its manager sees: everything, the setters' code if asked for. */
    public static ProblemView forManager(ProblemVersion problem, ProblemOwner owner, boolean withSources) {
        return of(problem, owner, withSources, true);
    }

    /** What who may only submit to it sees: neither tests nor the setters' code. */
    static ProblemView statement(ProblemVersion problem, ProblemOwner owner) {
        return of(problem, owner, false, false);
    }

    /** The one mapping from a stored version to what is shown. */
    private static ProblemView of(ProblemVersion problem, ProblemOwner owner, boolean withSources, boolean withTests) {
        Checker checker = problem.checker();
        Map<String, TimeLimitsView> timeLimits = new TreeMap<>();
        problem.timeLimits().forEach((language, limits) -> timeLimits.put(language, TimeLimitsView.of(limits)));
        return new ProblemView(
                problem.problemId(),
                problem.version(),
                problem.title(),
                problem.timeLimitMs(),
                problem.memoryLimitMb(),
                checker != null && (checker.kind() == Checker.Kind.EXACT || checker.kind() == Checker.Kind.WHITESPACE)
                        ? checker.asComparison()
                        : null,
                checker == null ? null : CheckerView.of(checker, withSources),
                program(problem.interactor(), withSources),
                withTests ? program(problem.validator(), withSources) : null,
                withTests && !problem.furtherValidators().isEmpty()
                        ? problem.furtherValidators().stream()
                                .map(validator -> program(validator, withSources))
                                .toList()
                        : null,
                problem.groups().stream()
                        .map(group -> new GroupView(
                                group.name(), group.points(), group.dependsOn(), group.scoring(), group.testPoints()))
                        .toList(),
                timeLimits,
                problem.stopOnFirstFailure(),
                new TestsView(
                        problem.testData().count(),
                        problem.testData().bytes(),
                        problem.testData().sha256()),
                problem.testCases() == null || !withTests
                        ? null
                        : problem.testCases().stream()
                                .map(test -> new TestCaseView(test.input(), test.expectedOutput(), test.group()))
                                .toList(),
                owner.submitters(),
                PreparationView.of(problem.preparation(), problem.solutions(), withTests),
                SetterLimitsRequest.of(problem.setterLimits()),
                graders(problem, withSources),
                problem.feedback().policy(),
                problem.feedback().samples().isEmpty()
                        ? null
                        : problem.feedback().samples(),
                problem.outputOnly(),
                problem.runs().instances(),
                problem.runs().passes(),
                problem.languages().isEmpty() ? null : problem.languages());
    }

    private static Map<String, GraderView> graders(ProblemVersion problem, boolean withSources) {
        if (problem.graders().isEmpty()) {
            return null;
        }
        Map<String, GraderView> graders = new TreeMap<>();
        problem.graders()
                .forEach((language, grader) -> graders.put(
                        language, new GraderView(grader.solutionFile(), withSources ? grader.files() : null)));
        return graders;
    }

    private static ProgramView program(ProblemProgram program, boolean withSources) {
        if (program == null) {
            return null;
        }
        Language.CompileOptions options = program.compileOptions();
        // How it is run is not its source: shown to whoever sees the program at all.
        boolean validator = program.protocol() == ProblemProgram.Protocol.KATTIS;
        // testlib's, the default, is left out.
        ProgramProtocol protocol =
                program.protocol() == ProblemProgram.Protocol.TESTLIB ? null : ProgramProtocol.of(program.protocol());
        List<String> arguments = validator && !program.arguments().isEmpty() ? program.arguments() : null;
        Map<Integer, List<String>> testArguments = program.testArguments().isEmpty() ? null : program.testArguments();
        return withSources
                ? new ProgramView(
                        program.language(),
                        program.sourceCode(),
                        program.files(),
                        options == null ? null : options.standard(),
                        options == null || options.defines().isEmpty() ? null : options.defines(),
                        protocol,
                        arguments,
                        testArguments)
                : new ProgramView(program.language(), null, null, null, null, protocol, arguments, testArguments);
    }
}
