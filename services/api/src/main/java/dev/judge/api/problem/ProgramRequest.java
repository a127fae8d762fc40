package dev.judge.api.problem;

import static dev.judge.api.problem.ProblemRequest.ARGUMENT;
import static dev.judge.api.problem.ProblemRequest.DEFINES_DESCRIPTION;
import static dev.judge.api.problem.ProblemRequest.MAX_ARGUMENTS;
import static dev.judge.api.problem.ProblemRequest.MAX_ARGUMENT_LENGTH;
import static dev.judge.api.problem.ProblemRequest.MAX_PROGRAM_LENGTH;
import static dev.judge.api.problem.ProblemRequest.MAX_TEST_CASES;
import static dev.judge.api.problem.ProblemRequest.NAME;
import static dev.judge.api.problem.ProblemRequest.STANDARD;
import static dev.judge.api.problem.ProblemRequest.STANDARD_DESCRIPTION;
import static dev.judge.api.problem.ProgramProtocol.ARGUMENTS_DESCRIPTION;
import static dev.judge.api.problem.ProgramProtocol.ARGUMENTS_MESSAGE;
import static dev.judge.api.problem.ProgramProtocol.PROTOCOL_DESCRIPTION;

import java.util.List;
import java.util.Map;

import io.swagger.v3.oas.annotations.media.Schema;
import jakarta.validation.constraints.AssertTrue;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.Size;

import dev.judge.api.system.UnicodeText;
import dev.judge.contracts.ProgramFiles;
import dev.judge.contracts.language.Language;

/** A setter's program: an interactor, or (flattened into {@link CheckerRequest}) a custom checker. */
public record ProgramRequest(
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
        ProgramProtocol protocol,

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
        return testArguments == null || testArguments.isEmpty() || protocol == ProgramProtocol.KATTIS;
    }

    @AssertTrue(message = "a file may not be named input, output or answer: each test's files have those names")
    @Schema(hidden = true)
    boolean isFilesNamedApart() {
        return namedApart(files);
    }

    @AssertTrue(
            message =
                    "cms is a checker's protocol (CMS's comparator): an interactor or validator is testlib's or kattis'")
    @Schema(hidden = true)
    boolean isCmsForCheckersOnly() {
        return protocol != ProgramProtocol.CMS;
    }

    @AssertTrue(message = ARGUMENTS_MESSAGE)
    @Schema(hidden = true)
    boolean isArgumentsForKattis() {
        return ProgramProtocol.argumentsFit(protocol, arguments);
    }

    static boolean namedApart(Map<String, String> files) {
        return files == null || files.keySet().stream().noneMatch(ProgramFiles.RESERVED::contains);
    }
}
