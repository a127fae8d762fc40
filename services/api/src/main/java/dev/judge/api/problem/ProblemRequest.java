package dev.judge.api.problem;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.swagger.v3.oas.annotations.media.Schema;
import jakarta.validation.Valid;
import jakarta.validation.constraints.AssertTrue;
import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.PositiveOrZero;
import jakarta.validation.constraints.Size;

import dev.judge.api.system.UnicodeText;
import dev.judge.contracts.Checker;
import dev.judge.contracts.JudgeRequest;
import dev.judge.contracts.OutputComparison;
import dev.judge.contracts.ProblemLimits;
import dev.judge.contracts.ProblemProgram;
import dev.judge.contracts.ProgramFiles;
import dev.judge.contracts.SetterLimits;
import dev.judge.contracts.language.Language;

/**
 * A problem, new or a new version of one. Limits above the maxima are refused rather than silently
 * capped, so a problem setter learns at once that the judge will not honour them. Rules across
 * fields are the {@code @AssertTrue} methods; language ids are checked against the catalog by
 * {@link ProblemService} (422, as for submissions).
 */
public record ProblemRequest(
        @NotNull
        @Size(min = 1, max = 200)
        @Pattern(regexp = UnicodeText.NOT_BLANK_NOR_NUL, message = UnicodeText.NOT_BLANK_NOR_NUL_MESSAGE)
        @UnicodeText
        @Schema(example = "Sum")
        String title,

        @NotNull
        @Positive
        @Max(ProblemRequest.MAX_TIME_LIMIT_MS)
        @Schema(description = "CPU time per test case, before the language's time factor", example = "2000")
        Integer timeLimitMs,

        @NotNull @Positive @Max(ProblemRequest.MAX_MEMORY_LIMIT_MB) @Schema(example = "256")
        Integer memoryLimitMb,

        @Schema(
                types = {"string", "null"},
                description =
                        "Before checkers: EXACT or WHITESPACE, the same as a checker of that kind. Give this or checker, not both")
        OutputComparison comparison,

        @Valid
        @Schema(
                description =
                        "How each test's output is judged; exact when left out or null. With an interactor: "
                                + "what judges the file the interactor wrote (testlib's tout) once it accepted; left out, the interactor alone decides")
        CheckerRequest checker,

        @Valid
        @Schema(
                description = "Makes the problem interactive: each test runs the program and this, joined by pipes; "
                        + "this decides, with the checker if one is given")
        ProgramRequest interactor,

        @Valid
        @Schema(
                description = "Run on each test's input before the problem takes submissions, as testlib's "
                        + "registerValidation expects (the input on stdin, `--group <name>` for a test in a group); a test it rejects "
                        + "fails the version, naming the test and what the validator said")
        ProgramRequest validator,

        @Size(max = ProblemRequest.MAX_GROUPS)
        @Schema(description = "Subtasks, judged in this order; left out: all tests are one, all or nothing, worth 100")
        List<@Valid @NotNull GroupRequest> groups,

        @Size(max = 20)
        @Schema(description = "This problem's own time factors by language id, over the catalog's (GET /api/languages)")
        Map<@NotNull String, @Valid @NotNull TimeLimitsRequest> timeLimits,

        @Schema(
                types = {"boolean", "null"},
                description = "Whether a group stops at its first failing test case; true when left out or null")
        Boolean stopOnFirstFailure,

        @NotNull @Size(min = 1, max = ProblemRequest.MAX_TEST_CASES)
        List<@Valid @NotNull TestCaseRequest> testCases,

        @Schema(
                types = {"string", "null"},
                description = "Who may submit to it and read its statement: OWNER (who made "
                        + "it; the default for a new problem) or PUBLIC (any caller). Left out of an edit: as before")
        ProblemVisibility submitters,

        @Valid
        @Schema(
                description = "Limits of its checker, interactor, validator and generators per run, where they "
                        + "differ from the workers' (5 s, 512 MiB unless set otherwise); left out: the workers'")
        SetterLimitsRequest setterLimits,

        @Size(max = 20)
        @Schema(
                description =
                        "Makes it a grader problem (IOI's function tasks), by language id: the files compiled with "
                                + "each submission in that language, whose source is saved as solutionFile; a language without "
                                + "one is refused for it")
        Map<@NotNull String, @Valid @NotNull GraderRequest> graders,

        @Schema(
                types = {"string", "null"},
                description = "What a submission's own key sees of its judgement: full (every test; the default), "
                        + "first-failure (the tests up to the first failed one) or summary (verdict and score only); "
                        + "the samples always, and the problem's owner and the admin everything",
                example = "first-failure")
        FeedbackPolicy feedback,

        @Size(max = MAX_TEST_CASES)
        @Schema(
                types = {"array", "null"},
                description = "The sample tests, by number from 1: shown in full whatever the feedback",
                example = "[1, 2]")
        List<@NotNull @Positive @Max(MAX_TEST_CASES) Integer> samples,

        @Schema(
                types = {"boolean", "null"},
                description = "Makes it output-only: a submission gives each test's output (outputs) rather than a "
                        + "program, judged by the checker; not with an interactor or graders. False when left out")
        Boolean outputOnly,

        @Positive
        @Max(JudgeRequest.Runs.MAX_INSTANCES)
        @Schema(
                types = {"integer", "null"},
                description = "Makes it a communication problem: each test runs this many instances of the "
                        + "program at once, each in a sandbox of its own with pipes of its own to the interactor "
                        + "(the manager), which finds instance i (from 0) on its descriptors 3 + 2i (to read) and "
                        + "4 + 2i (to write); each instance gets its index as its argument. Needs an interactor; "
                        + "1 when left out",
                example = "2")
        Integer instances,

        @Positive
        @Max(JudgeRequest.Runs.MAX_PASSES)
        @Schema(
                types = {"integer", "null"},
                description = "Makes it multi-pass (Kattis): after an accepted pass, a nextpass.in the interactor "
                        + "(or the checker) left in its folder is the input of another pass, up to this many; each pass "
                        + "has the time and memory limits. Needs an interactor or a custom checker; 1 when left out",
                example = "2")
        Integer passes,

        @Valid
        @Size(max = ProblemRequest.MAX_FURTHER_VALIDATORS)
        @Schema(
                types = {"array", "null"},
                description = "More validators, each run on every test after validator as it is (a problem package's "
                        + "several input validators); needs validator")
        List<@Valid @NotNull ProgramRequest> furtherValidators) {

    /** Without graders, as most problems are. */
    ProblemRequest(
            String title,
            Integer timeLimitMs,
            Integer memoryLimitMb,
            OutputComparison comparison,
            CheckerRequest checker,
            ProgramRequest interactor,
            ProgramRequest validator,
            List<GroupRequest> groups,
            Map<String, TimeLimitsRequest> timeLimits,
            Boolean stopOnFirstFailure,
            List<TestCaseRequest> testCases,
            ProblemVisibility submitters,
            SetterLimitsRequest setterLimits) {
        this(
                title,
                timeLimitMs,
                memoryLimitMb,
                comparison,
                checker,
                interactor,
                validator,
                groups,
                timeLimits,
                stopOnFirstFailure,
                testCases,
                submitters,
                setterLimits,
                null,
                null,
                null,
                null,
                null,
                null,
                null);
    }

    /** Its further validators; none when left out. */
    List<ProgramRequest> furtherValidatorsOrNone() {
        return furtherValidators == null ? List.of() : furtherValidators;
    }

    /** Its instances and passes as a version keeps them: one of each when left out. */
    JudgeRequest.Runs runs() {
        return new JudgeRequest.Runs(instances == null ? 1 : instances, passes == null ? 1 : passes);
    }

    @AssertTrue(message = "several instances need an interactor to talk to")
    @Schema(hidden = true)
    boolean isInstancesWithInteractor() {
        return instances == null || instances <= 1 || interactor != null;
    }

    @AssertTrue(message = "furtherValidators come after a validator")
    @Schema(hidden = true)
    boolean isFurtherValidatorsAfterValidator() {
        return furtherValidators == null || furtherValidators.isEmpty() || validator != null;
    }

    @AssertTrue(message = "several passes need an interactor or a custom checker to ask for them")
    @Schema(hidden = true)
    boolean isPassesWithSetterProgram() {
        return passes == null
                || passes <= 1
                || interactor != null
                || checker != null && checker.kind() == CheckerRequest.Kind.CUSTOM;
    }

    @AssertTrue(
            message = "an output-only problem has no interactor, graders or passes: nothing of the contestant's runs")
    @Schema(hidden = true)
    boolean isOutputOnlyWithoutPrograms() {
        return !Boolean.TRUE.equals(outputOnly)
                || interactor == null && (graders == null || graders.isEmpty()) && (passes == null || passes <= 1);
    }

    /** Its feedback policy and samples as a version keeps them. */
    ProblemVersion.Feedback feedbackOrFull() {
        return new ProblemVersion.Feedback(feedback, samples);
    }

    @AssertTrue(message = "each sample is the number of one of its testCases, from 1, once")
    @Schema(hidden = true)
    boolean isSamplesAmongTests() {
        return samples == null
                || testCases == null
                || samples.stream().allMatch(sample -> sample != null && sample <= testCases.size())
                        && Set.copyOf(samples).size() == samples.size();
    }

    /**
     * A language's grader: its files, one of them the language's source file (the entry point:
     * {@code main.cpp}, {@code Main.java}, {@code main.py}), and the name the contestant's source is
     * saved as beside them.
     */
    record GraderRequest(
            @NotNull @Pattern(regexp = ProgramFiles.ALLOWED_NAME) @Schema(example = "solution.cpp")
            String solutionFile,

            @NotNull
            @Size(min = 1, max = ProgramFiles.MAX_FILES)
            @Schema(
                    description = "By name: the grader (saved as the language's sourceFile, GET /api/languages) "
                            + "and the headers or modules it shares with the contestant's")
            Map<
                            @NotNull @Pattern(regexp = ProgramFiles.ALLOWED_NAME) String,
                            @NotNull @Size(max = MAX_PROGRAM_LENGTH) @UnicodeText String>
                    files) {

        @AssertTrue(message = "the contestant's solutionFile is not one of the grader's files")
        @Schema(hidden = true)
        boolean isSolutionApart() {
            return files == null || solutionFile == null || !files.containsKey(solutionFile);
        }
    }

    public static final int MAX_TIME_LIMIT_MS = ProblemLimits.MAX_TIME_LIMIT_MS;
    public static final int MAX_MEMORY_LIMIT_MB = ProblemLimits.MAX_MEMORY_LIMIT_MB;
    static final int MAX_TEST_CASES = 100;
    public static final int MAX_GROUPS = 50;
    static final int MAX_FURTHER_VALIDATORS = ProblemLimits.MAX_INPUT_VALIDATORS - 1;
    /** The most points a group (or a test of a group whose tests score each their own) is worth. */
    static final String MAX_POINTS_TEXT = "1000000"; // text, for @DecimalMax

    public static final double MAX_POINTS = Double.parseDouble(MAX_POINTS_TEXT);
    public static final int MAX_PROGRAM_LENGTH = 1_048_576;
    public static final String NAME = "^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$";
    /** {@link Language.CompileOptions#STANDARDS}, as a pattern the document shows. */
    static final String STANDARD = "^(c11|c17|c\\+\\+11|c\\+\\+14|c\\+\\+17|c\\+\\+20|c\\+\\+23)$";

    static final String STANDARD_DESCRIPTION =
            "C and C++ only: the language standard it is compiled to, instead of the catalog's";
    static final String DEFINES_DESCRIPTION =
            "C and C++ only: macros it is compiled with, NAME or NAME=value (-DNAME=value)";

    /** Test data is kept byte-exact, NUL included. */
    record TestCaseRequest(
            @NotNull @UnicodeText @Schema(example = "1 2\n") String input,
            @NotNull @UnicodeText @Schema(example = "3\n") String expectedOutput,

            @Pattern(regexp = NAME)
            @Schema(
                    types = {"string", "null"},
                    description = "The subtask it belongs to",
                    example = "small")
            String group) {}

    /**
     * @param kind exact, whitespace, float (with epsilon) or custom (with the checker's program)
     */
    record CheckerRequest(
            @NotNull @Schema(example = "float") Kind kind,

            @Positive
            @DecimalMax("1")
            @Schema(
                    types = {"number", "null"},
                    description = "For float: the absolute or relative error allowed",
                    example = "1e-6")
            Double epsilon,

            @Schema(
                    types = {"string", "null"},
                    description = "For custom: a language id",
                    example = "cpp")
            String language,

            @Size(max = MAX_PROGRAM_LENGTH)
            @Pattern(regexp = UnicodeText.NOT_BLANK_NOR_NUL, message = UnicodeText.NOT_BLANK_NOR_NUL_MESSAGE)
            @UnicodeText
            @Schema(
                    types = {"string", "null"},
                    description = "For custom: run as `checker input output answer`, testlib's exit codes")
            String sourceCode,

            @Size(max = 20) @Schema(description = "For custom: more files next to it, by name, e.g. testlib.h")
            Map<@NotNull @Pattern(regexp = NAME) String, @NotNull @Size(max = MAX_PROGRAM_LENGTH) @UnicodeText String>
                    files,

            @Pattern(regexp = STANDARD)
            @Schema(
                    types = {"string", "null"},
                    description = STANDARD_DESCRIPTION,
                    example = "c++17")
            String standard,

            @Size(max = 20) @Schema(description = DEFINES_DESCRIPTION)
            List<@NotNull @Pattern(regexp = Language.CompileOptions.DEFINE) String> defines,

            @Schema(
                    types = {"string", "null"},
                    description = "For custom: what its points (testlib's quitp, exit code 7) are: share, of the "
                            + "test in [0, 1] (the default), or points, of the test's subtask, as Polygon counts them",
                    example = "share")
            Scores scores,

            @Valid
            @Schema(
                    types = {"object", "null"},
                    description = "For tokens: the flags of the problem package format's default output validator "
                            + "(case and white space ignored, numbers compared as text, unless they say otherwise)")
            TokensRequest tokens,

            @Schema(
                    types = {"string", "null"},
                    description = "For custom: " + PROTOCOL_DESCRIPTION,
                    example = "testlib")
            Protocol protocol,

            @Size(max = MAX_ARGUMENTS) @Schema(description = "For custom: " + ARGUMENTS_DESCRIPTION)
            List<@NotNull @Size(max = MAX_ARGUMENT_LENGTH) @Pattern(regexp = ARGUMENT) String> arguments) {

        @AssertTrue(message = ARGUMENTS_MESSAGE)
        @Schema(hidden = true)
        boolean isArgumentsForKattis() {
            return Protocol.argumentsFit(protocol, arguments);
        }

        enum Scores {
            @JsonProperty("share")
            SHARE,
            @JsonProperty("points")
            POINTS
        }

        enum Kind {
            @JsonProperty("exact")
            EXACT,
            @JsonProperty("whitespace")
            WHITESPACE,
            @JsonProperty("float")
            FLOAT,
            @JsonProperty("custom")
            CUSTOM,
            @JsonProperty("tokens")
            TOKENS
        }

        /** Checker.Tokens, each flag off and each tolerance absent unless given. */
        Checker.Tokens tokensOrDefault() {
            return tokens == null ? Checker.Tokens.DEFAULT : tokens.toContract();
        }

        @AssertTrue(
                message =
                        "float needs an epsilon and custom a language and sourceCode; the other fields (tokens' flags too) "
                                + "only with their kind")
        @Schema(hidden = true)
        boolean isComplete() {
            boolean program = language != null
                    || sourceCode != null
                    || files != null
                    || standard != null
                    || defines != null
                    || scores != null
                    || protocol != null;
            if (tokens != null && kind != Kind.TOKENS) {
                return false;
            }
            return switch (kind == null ? Kind.EXACT : kind) {
                case EXACT, WHITESPACE, TOKENS -> epsilon == null && !program;
                case FLOAT -> epsilon != null && !program;
                case CUSTOM -> epsilon == null && language != null && sourceCode != null;
            };
        }

        @AssertTrue(message = "a file may not be named input, output or answer: each test's files have those names")
        @Schema(hidden = true)
        boolean isFilesNamedApart() {
            return ProgramRequest.namedApart(files);
        }
    }

    /**
     * The flags of the problem package format's default output validator ({@link Checker.Tokens}); a
     * number token of the expected output is matched within either tolerance given.
     */
    record TokensRequest(
            @Schema(
                    types = {"boolean", "null"},
                    description = "Tokens differing only in case differ (default false)")
            Boolean caseSensitive,

            @Schema(
                    types = {"boolean", "null"},
                    description = "The white space between tokens must match too (default false)")
            Boolean spaceChangeSensitive,

            @PositiveOrZero
            @DecimalMax("1e9")
            @Schema(
                    types = {"number", "null"},
                    description = "How far off a number may be",
                    example = "1e-6")
            Double absoluteTolerance,

            @PositiveOrZero
            @DecimalMax("1e9")
            @Schema(
                    types = {"number", "null"},
                    description = "How far off a number may be, as a share of the expected one",
                    example = "1e-6")
            Double relativeTolerance) {

        Checker.Tokens toContract() {
            return new Checker.Tokens(
                    Boolean.TRUE.equals(caseSensitive),
                    Boolean.TRUE.equals(spaceChangeSensitive),
                    absoluteTolerance,
                    relativeTolerance);
        }
    }

    /** A setter's program: an interactor, or (flattened into {@link CheckerRequest}) a custom checker. */
    record ProgramRequest(
            @NotNull @Schema(example = "cpp") String language,

            @NotNull
            @Size(max = MAX_PROGRAM_LENGTH)
            @Pattern(regexp = UnicodeText.NOT_BLANK_NOR_NUL, message = UnicodeText.NOT_BLANK_NOR_NUL_MESSAGE)
            @UnicodeText
            String sourceCode,

            @Size(max = 20)
            Map<@NotNull @Pattern(regexp = NAME) String, @NotNull @Size(max = MAX_PROGRAM_LENGTH) @UnicodeText String>
                    files,

            @Pattern(regexp = STANDARD)
            @Schema(
                    types = {"string", "null"},
                    description = STANDARD_DESCRIPTION,
                    example = "c++17")
            String standard,

            @Size(max = 20) @Schema(description = DEFINES_DESCRIPTION)
            List<@NotNull @Pattern(regexp = Language.CompileOptions.DEFINE) String> defines,

            @Schema(
                    types = {"string", "null"},
                    description = PROTOCOL_DESCRIPTION,
                    example = "testlib")
            Protocol protocol,

            @Size(max = MAX_ARGUMENTS) @Schema(description = ARGUMENTS_DESCRIPTION)
            List<@NotNull @Size(max = MAX_ARGUMENT_LENGTH) @Pattern(regexp = ARGUMENT) String> arguments,

            @Size(max = MAX_TEST_CASES)
            @Schema(
                    types = {"object", "null"},
                    description = "For a kattis validator: the arguments of the tests, by number from 1, that have "
                            + "their own (a package's input_validator_args), in place of arguments",
                    example = "{\"3\": [\"--max\", \"10\"]}")
            Map<
                            @NotNull @Positive @Max(MAX_TEST_CASES) Integer,
                            @NotNull @Size(max = MAX_ARGUMENTS) List<
                                    @NotNull @Size(max = MAX_ARGUMENT_LENGTH) @Pattern(regexp = ARGUMENT) String>>
                    testArguments) {

        @AssertTrue(message = ARGUMENTS_MESSAGE)
        @Schema(hidden = true)
        boolean isTestArgumentsForKattis() {
            return testArguments == null || testArguments.isEmpty() || protocol == Protocol.KATTIS;
        }

        @AssertTrue(message = "a file may not be named input, output or answer: each test's files have those names")
        @Schema(hidden = true)
        boolean isFilesNamedApart() {
            return namedApart(files);
        }

        @AssertTrue(message = ARGUMENTS_MESSAGE)
        @Schema(hidden = true)
        boolean isArgumentsForKattis() {
            return Protocol.argumentsFit(protocol, arguments);
        }

        static boolean namedApart(Map<String, String> files) {
            return files == null || files.keySet().stream().noneMatch(ProgramFiles.RESERVED::contains);
        }
    }

    /** How a setter's checker, interactor or validator is run and read ({@link ProblemProgram.Protocol}). */
    enum Protocol {
        @JsonProperty("testlib")
        TESTLIB,
        @JsonProperty("kattis")
        KATTIS;

        ProblemProgram.Protocol toContract() {
            return this == KATTIS ? ProblemProgram.Protocol.KATTIS : ProblemProgram.Protocol.TESTLIB;
        }

        static Protocol of(ProblemProgram.Protocol protocol) {
            return protocol == ProblemProgram.Protocol.KATTIS ? KATTIS : TESTLIB;
        }

        /** Arguments are a package validator's flags: none for testlib's programs. */
        static boolean argumentsFit(Protocol protocol, List<String> arguments) {
            return arguments == null || arguments.isEmpty() || protocol == KATTIS;
        }
    }

    static final int MAX_ARGUMENTS = ProblemLimits.MAX_PROGRAM_ARGUMENTS;
    static final int MAX_ARGUMENT_LENGTH = ProblemLimits.MAX_ARGUMENT_LENGTH;
    /** One argument, as it is given to the program (no shell reads it): no NUL, no line break. */
    static final String ARGUMENT = "^[^\\u0000\\n\\r]*$";

    static final String PROTOCOL_DESCRIPTION = "testlib (the default): run as `program input output answer` (an "
            + "interactor with the program on its stdin and stdout), testlib's exit codes, its stderr the message; "
            + "kattis: a problem package's validator, `program input answer feedback_dir/ [arguments]` with the output "
            + "on its stdin, exit 42 accepted and 43 wrong answer, its judgemessage.txt the message (an input "
            + "validator: the input on its stdin, exit 42 valid)";
    static final String ARGUMENTS_DESCRIPTION = "For kattis: what it gets after its three arguments (a package's "
            + "validator flags), each as it is, no shell";
    static final String ARGUMENTS_MESSAGE = "arguments are for a program of the kattis protocol";

    /**
     * @param dependsOn groups listed before this one that must all pass for it to be judged
     * @param scoring COMPLETE_GROUP (left out or null): its points if every test passes; EACH_TEST: each
     *        test its own, {@code testPoints}
     */
    record GroupRequest(
            @NotNull @Pattern(regexp = NAME) @Schema(example = "small")
            String name,

            @NotNull @PositiveOrZero @DecimalMax(MAX_POINTS_TEXT) @Schema(example = "30")
            Double points,

            @Size(max = MAX_GROUPS) @Schema(types = {"array", "null"})
            List<@NotNull String> dependsOn,

            @Schema(
                    types = {"string", "null"},
                    description = "COMPLETE_GROUP (the default): its points only if every test passes. EACH_TEST: "
                            + "each test scores its own points, testPoints, which add up to points (Polygon's "
                            + "points-policy each-test)")
            JudgeRequest.Group.Scoring scoring,

            @Size(max = MAX_TEST_CASES)
            @Schema(
                    types = {"array", "null"},
                    description = "With EACH_TEST, and only then: the points of each of its tests, in their order")
            List<@NotNull @PositiveOrZero @DecimalMax(MAX_POINTS_TEXT) Double> testPoints) {

        JudgeRequest.Group toContract() {
            return scoring == JudgeRequest.Group.Scoring.EACH_TEST
                    ? JudgeRequest.Group.eachTest(name, testPoints, dependsOn)
                    : new JudgeRequest.Group(name, points, dependsOn);
        }
    }

    /** The contract's {@link SetterLimits}; each left out or null for the workers'. */
    @Schema(name = "SetterLimits")
    record SetterLimitsRequest(
            @Positive
            @Max(MAX_TIME_LIMIT_MS)
            @Schema(
                    types = {"integer", "null"},
                    example = "10000")
            Integer timeLimitMs,

            @Positive
            @Max(MAX_MEMORY_LIMIT_MB)
            @Schema(
                    types = {"integer", "null"},
                    example = "1024")
            Integer memoryLimitMb) {

        SetterLimits toContract() {
            return new SetterLimits(
                    timeLimitMs == null ? null : timeLimitMs.longValue(),
                    memoryLimitMb == null ? null : memoryLimitMb.longValue());
        }

        static SetterLimitsRequest of(SetterLimits limits) {
            return limits.isWorkers()
                    ? null
                    : new SetterLimitsRequest(
                            limits.timeLimitMs() == null
                                    ? null
                                    : limits.timeLimitMs().intValue(),
                            limits.memoryLimitMb() == null
                                    ? null
                                    : limits.memoryLimitMb().intValue());
        }
    }

    /** A language's time limit here = timeLimitMs × factor + offsetMs. */
    record TimeLimitsRequest(
            @NotNull @DecimalMin("0.1") @DecimalMax("10") @Schema(example = "2")
            Double factor,

            @PositiveOrZero
            @Max(10_000)
            @Schema(
                    types = {"integer", "null"},
                    example = "1000")
            Integer offsetMs) {}

    @AssertTrue(message = "give checker or comparison, not both")
    @Schema(hidden = true)
    boolean isCheckerOrComparison() {
        return checker == null || comparison == null;
    }

    @AssertTrue(message = "group names must differ, and a group may depend only on groups listed before it")
    @Schema(hidden = true)
    boolean isGroupsInOrder() {
        if (groups == null) {
            return true;
        }
        Set<String> before = new HashSet<>();
        for (GroupRequest group : groups) {
            if (group == null
                    || group.dependsOn() != null && !before.containsAll(group.dependsOn())
                    || !before.add(group.name())) {
                return false;
            }
        }
        return true;
    }

    @AssertTrue(
            message = "a group scored EACH_TEST gives testPoints, one for each of its tests, adding up to its "
                    + "points; a group scored as a whole gives none")
    @Schema(hidden = true)
    boolean isEachTestScored() {
        if (groups == null || testCases == null || testCases.stream().anyMatch(Objects::isNull)) {
            return true; // reported elsewhere
        }
        for (GroupRequest group : groups) {
            if (group == null || group.points() == null) {
                continue;
            }
            if (group.scoring() != JudgeRequest.Group.Scoring.EACH_TEST) {
                if (group.testPoints() != null) {
                    return false;
                }
                continue;
            }
            long tests = testCases.stream()
                    .filter(test -> group.name().equals(test.group()))
                    .count();
            if (group.testPoints() == null
                    || group.testPoints().size() != tests
                    || group.testPoints().stream().anyMatch(Objects::isNull)
                    || Math.abs(group.testPoints().stream()
                                            .mapToDouble(Double::doubleValue)
                                            .sum()
                                    - group.points())
                            > 1e-6) {
                return false;
            }
        }
        return true;
    }

    @AssertTrue(
            message =
                    "with groups, each test names one of them and each group has a test; without groups, no test names one")
    @Schema(hidden = true)
    boolean isTestsInGroups() {
        if (testCases == null || testCases.stream().anyMatch(Objects::isNull)) {
            return true; // reported by @NotNull
        }
        if (groups == null || groups.isEmpty()) {
            return testCases.stream().allMatch(test -> test.group() == null);
        }
        Set<String> names = new HashSet<>();
        groups.stream().filter(Objects::nonNull).forEach(group -> names.add(group.name()));
        Set<String> used = new HashSet<>();
        for (TestCaseRequest test : testCases) {
            if (!names.contains(test.group())) {
                return false;
            }
            used.add(test.group());
        }
        return used.equals(names);
    }

    /**
     * Whether a checker judges the tests' output: always, but for an interactive problem that names none
     * (then its interactor alone decides).
     */
    boolean hasChecker() {
        return interactor == null || checker != null || comparison != null;
    }

    /** The checker this problem asks for, in the contract's terms (its program still to be added). */
    Checker.Kind checkerKind() {
        if (checker != null) {
            return Checker.Kind.valueOf(checker.kind().name());
        }
        return comparison == OutputComparison.WHITESPACE ? Checker.Kind.WHITESPACE : Checker.Kind.EXACT;
    }

    List<GroupRequest> groupsOrNone() {
        return groups == null ? List.of() : groups;
    }

    Map<String, TimeLimitsRequest> timeLimitsOrNone() {
        return timeLimits == null ? Map.of() : timeLimits;
    }

    Map<String, GraderRequest> gradersOrNone() {
        return graders == null ? Map.of() : graders;
    }
}
