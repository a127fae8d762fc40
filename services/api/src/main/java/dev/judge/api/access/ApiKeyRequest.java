package dev.judge.api.access;

import java.util.List;

import io.swagger.v3.oas.annotations.media.Schema;
import jakarta.validation.constraints.AssertTrue;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.Size;

import dev.judge.api.system.UnicodeText;
import dev.judge.contracts.Lane;

/**
 * A key to make; the limits left out take the defaults (judge.access.default-*), the lane left out
 * is practice, the lanes left out are the default lane alone, and the scopes left out SUBMIT alone.
 */
record ApiKeyRequest(
        @NotNull
        @Pattern(regexp = UnicodeText.NOT_BLANK_NOR_NUL, message = UnicodeText.NOT_BLANK_NOR_NUL_MESSAGE)
        @Size(max = 200)
        @UnicodeText
        @Schema(description = "Whose key it is", example = "contest-site")
        String name,

        @Positive
        @Schema(
                types = {"integer", "null"},
                format = "int32",
                description = "Submissions accepted per minute",
                example = "600")
        Integer perMinute,

        @Positive
        @Schema(
                types = {"integer", "null"},
                format = "int32",
                description = "Submissions without a verdict yet, at once",
                example = "1000")
        Integer maxWaiting,

        @Schema(
                types = {"string", "null"},
                description = "The lane of its submissions that name none (default PRACTICE)",
                example = "CONTEST")
        Lane lane,

        @Size(min = 1, max = 3)
        @Schema(
                types = {"array", "null"},
                description = "The lanes its submissions may name (default: the lane alone)",
                example = "[\"CONTEST\", \"PRACTICE\"]")
        List<@NotNull Lane> lanes,

        @Size(min = 1, max = 2)
        @Schema(
                types = {"array", "null"},
                description = "What it may do: SUBMIT, PROBLEMS (make and manage its own "
                        + "problems); default SUBMIT alone",
                example = "[\"SUBMIT\", \"PROBLEMS\"]")
        List<@NotNull Scope> scopes) {

    Lane effectiveLane() {
        return lane != null ? lane : Lane.PRACTICE;
    }

    List<Lane> effectiveLanes() {
        return lanes != null ? lanes.stream().distinct().sorted().toList() : List.of(effectiveLane());
    }

    List<Scope> effectiveScopes() {
        return scopes != null ? scopes.stream().distinct().sorted().toList() : List.of(Scope.SUBMIT);
    }

    @AssertTrue(message = "lanes must include lane")
    @Schema(hidden = true)
    boolean isLaneAmongLanes() {
        return lanes == null || lanes.contains(effectiveLane());
    }
}
