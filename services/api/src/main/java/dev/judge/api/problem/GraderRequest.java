package dev.judge.api.problem;

import static dev.judge.api.problem.ProblemRequest.MAX_PROGRAM_LENGTH;

import java.util.Map;

import io.swagger.v3.oas.annotations.media.Schema;
import jakarta.validation.constraints.AssertTrue;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

import dev.judge.api.system.UnicodeText;
import dev.judge.contracts.ProgramFiles;

/**
 * A language's grader: its files, one of them the language's source file (the entry point:
 * {@code main.cpp}, {@code Main.java}, {@code main.py}), and the name the contestant's source is
 * saved as beside them.
 */
public record GraderRequest(
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
