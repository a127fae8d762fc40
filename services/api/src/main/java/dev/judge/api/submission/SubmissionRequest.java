package dev.judge.api.submission;

import jakarta.validation.constraints.AssertTrue;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Positive;

import io.swagger.v3.oas.annotations.media.Schema;

/**
 * A submission: either to a problem ({@code problemId}) or a plain run on {@code stdin}.
 */
record SubmissionRequest(
        @Positive @Schema(description = "The problem to judge against; omit for a run on stdin") Long problemId,
        @NotBlank @Schema(description = "A language id from GET /api/languages", example = "python") String language,
        @NotBlank @Schema(description = "The program, at most judge.submissions.max-source-size (64 KiB) of UTF-8") String sourceCode,
        @Schema(description = "Input for a run without a problem") String stdin) {

    @AssertTrue(message = "give either problemId or stdin, not both and not neither")
    @Schema(hidden = true)
    boolean isProblemOrStdin() {
        return (problemId == null) != (stdin == null);
    }
}
