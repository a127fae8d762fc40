package dev.judge.api.access;

import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.Size;

import io.swagger.v3.oas.annotations.media.Schema;

import dev.judge.api.system.UnicodeText;

/** A key to make; the limits left out take the defaults (judge.access.default-*). */
record ApiKeyRequest(
        @NotNull @Pattern(regexp = UnicodeText.NOT_BLANK_NOR_NUL, message = UnicodeText.NOT_BLANK_NOR_NUL_MESSAGE)
        @Size(max = 200) @UnicodeText
        @Schema(description = "Whose key it is", example = "contest-site")
        String name,
        @Positive
        @Schema(types = {"integer", "null"}, format = "int32", description = "Submissions accepted per minute", example = "600")
        Integer perMinute,
        @Positive
        @Schema(types = {"integer", "null"}, format = "int32", description = "Submissions without a verdict yet, at once",
                example = "1000")
        Integer maxWaiting) {
}
