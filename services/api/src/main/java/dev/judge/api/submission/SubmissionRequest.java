package dev.judge.api.submission;

import io.swagger.v3.oas.annotations.media.Schema;
import jakarta.validation.constraints.AssertTrue;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.Size;

import dev.judge.api.system.UnicodeText;
import dev.judge.contracts.Lane;

/**
 * A submission: either to a problem ({@code problemId}) or a plain run on {@code stdin}; a null counts
 * as left out. The length limits are configurable, so not annotations: {@link SubmissionService}
 * checks them and {@link SubmissionApiDocument} writes them into the OpenAPI document.
 */
record SubmissionRequest(
        @Positive @Schema(description = "The problem to judge against", example = "1")
        Long problemId,

        @NotBlank @UnicodeText @Schema(description = "A language id from GET /api/languages", example = "python")
        String language,

        @NotNull
        @Pattern(regexp = UnicodeText.NOT_BLANK_NOR_NUL, message = UnicodeText.NOT_BLANK_NOR_NUL_MESSAGE)
        @UnicodeText
        @Schema(
                description = "The program: Unicode text without NUL",
                example = "a, b = map(int, input().split())\nprint(a + b)\n")
        String sourceCode,

        @UnicodeText @Schema(description = "The input of a run without a problem, kept as sent, NUL included")
        String stdin,

        @Size(max = 2000)
        @Schema(
                types = {"string", "null"},
                description = "Where to POST the submission once it is finished, signed with the key's webhook secret "
                        + "(Judge-Signature); http or https, public addresses only",
                example = "https://judge-client.example/verdicts")
        String callbackUrl,

        @Schema(
                types = {"string", "null"},
                description = "The lane to judge it in, if its key allows it; left out, the key's default "
                        + "(PRACTICE without a key)",
                example = "CONTEST")
        Lane lane) {

    @AssertTrue(message = "give either problemId or stdin, not both and not neither")
    @Schema(hidden = true)
    boolean isProblemOrStdin() {
        return (problemId == null) != (stdin == null);
    }
}
