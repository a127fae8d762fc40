package dev.judge.api.problem;

import java.util.List;
import java.util.Map;

import io.swagger.v3.oas.annotations.media.Schema;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.Size;

import dev.judge.api.system.UnicodeText;
import dev.judge.contracts.Checker;
import dev.judge.contracts.JudgeRequest;
import dev.judge.contracts.OutputComparison;
import dev.judge.contracts.ProblemLimits;
import dev.judge.contracts.language.Language;

/**
 * A problem, new or a new version of one. Limits above the maxima are refused rather than silently
 * capped, so a problem setter learns at once that the judge will not honour them. Rules across
 * fields are {@link ProblemRules}; language ids are checked against the catalog by
 * {@link ProblemService} (422, as for submissions).
 */
@ProblemRules.Checked
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

        @Size(max = ProblemRequest.MAX_FURTHER_VALIDATORS)
        @Schema(
                types = {"array", "null"},
                description = "More validators, each run on every test after validator as it is (a problem package's "
                        + "several input validators); needs validator")
        List<@Valid @NotNull ProgramRequest> furtherValidators,

        @Size(min = 1, max = 100)
        @Schema(
                types = {"array", "null"},
                description = "The languages it takes submissions in, by id (GET /api/languages): a submission in "
                        + "another is refused. Every language when left out or null",
                example = "[\"cpp\", \"python\"]")
        List<@NotNull String> languages) {

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
                null,
                null);
    }

    /** The languages it takes; empty (every one) when left out. */
    List<String> languagesOrNone() {
        return languages == null ? List.of() : languages;
    }

    /** Its further validators; none when left out. */
    List<ProgramRequest> furtherValidatorsOrNone() {
        return furtherValidators == null ? List.of() : furtherValidators;
    }

    /** Its instances and passes as a version keeps them: one of each when left out. */
    JudgeRequest.Runs runs() {
        return new JudgeRequest.Runs(instances == null ? 1 : instances, passes == null ? 1 : passes);
    }

    /** Its feedback policy and samples as a version keeps them. */
    ProblemVersion.Feedback feedbackOrFull() {
        return new ProblemVersion.Feedback(feedback, samples);
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

    static final int MAX_ARGUMENTS = ProblemLimits.MAX_PROGRAM_ARGUMENTS;
    static final int MAX_ARGUMENT_LENGTH = ProblemLimits.MAX_ARGUMENT_LENGTH;
    /** One argument, as it is given to the program (no shell reads it): no NUL, no line break. */
    static final String ARGUMENT = "^[^\\u0000\\n\\r]*$";

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
