package dev.judge.api.problem;

import static dev.judge.api.problem.ProblemRequest.ARGUMENT;
import static dev.judge.api.problem.ProblemRequest.DEFINES_DESCRIPTION;
import static dev.judge.api.problem.ProblemRequest.MAX_ARGUMENTS;
import static dev.judge.api.problem.ProblemRequest.MAX_ARGUMENT_LENGTH;
import static dev.judge.api.problem.ProblemRequest.MAX_PROGRAM_LENGTH;
import static dev.judge.api.problem.ProblemRequest.NAME;
import static dev.judge.api.problem.ProblemRequest.STANDARD;
import static dev.judge.api.problem.ProblemRequest.STANDARD_DESCRIPTION;
import static dev.judge.api.problem.ProgramProtocol.ARGUMENTS_DESCRIPTION;
import static dev.judge.api.problem.ProgramProtocol.ARGUMENTS_MESSAGE;
import static dev.judge.api.problem.ProgramProtocol.PROTOCOL_DESCRIPTION;

import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.swagger.v3.oas.annotations.media.Schema;
import jakarta.validation.Valid;
import jakarta.validation.constraints.AssertTrue;
import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.Size;

import dev.judge.api.system.UnicodeText;
import dev.judge.contracts.Checker;
import dev.judge.contracts.language.Language;

/**
 * @param kind exact, whitespace, float (with epsilon) or custom (with the checker's program)
 */
public record CheckerRequest(
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
        ProgramProtocol protocol,

        @Size(max = MAX_ARGUMENTS) @Schema(description = "For custom: " + ARGUMENTS_DESCRIPTION)
        List<@NotNull @Size(max = MAX_ARGUMENT_LENGTH) @Pattern(regexp = ARGUMENT) String> arguments) {

    @AssertTrue(message = "a cms checker gives each test a share: scores is share, or left out")
    @Schema(hidden = true)
    boolean isCmsScoringShares() {
        return protocol != ProgramProtocol.CMS || scores == null || scores == Scores.SHARE;
    }

    @AssertTrue(message = ARGUMENTS_MESSAGE)
    @Schema(hidden = true)
    boolean isArgumentsForKattis() {
        return ProgramProtocol.argumentsFit(protocol, arguments);
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
