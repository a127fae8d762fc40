package dev.judge.api.problem;

import static dev.judge.api.problem.ProblemRequest.NAME;

import io.swagger.v3.oas.annotations.media.Schema;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;

import dev.judge.api.system.UnicodeText;

/** Test data is kept byte-exact, NUL included. */
public record TestCaseRequest(
        @NotNull @UnicodeText @Schema(example = "1 2\n") String input,
        @NotNull @UnicodeText @Schema(example = "3\n") String expectedOutput,

        @Pattern(regexp = NAME)
        @Schema(
                types = {"string", "null"},
                description = "The subtask it belongs to",
                example = "small")
        String group) {}
