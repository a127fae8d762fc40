package dev.judge.api.access;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.Size;

import io.swagger.v3.oas.annotations.media.Schema;

import dev.judge.api.system.UnicodeText;

/** A key to make; the limits left out take the defaults (judge.access.default-*). */
record ApiKeyRequest(
        @NotBlank @Size(max = 200) @UnicodeText
        @Schema(description = "Whose key it is", example = "contest-site")
        String name,
        @Positive
        @Schema(description = "Submissions accepted per minute", example = "600")
        Integer perMinute,
        @Positive
        @Schema(description = "Submissions without a verdict yet, at once", example = "1000")
        Integer maxWaiting) {
}
