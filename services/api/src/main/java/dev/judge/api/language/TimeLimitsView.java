package dev.judge.api.language;

import io.swagger.v3.oas.annotations.media.Schema;

import dev.judge.contracts.language.Language;

/** How a language's time limit is stretched: the problem's limit × factor + offsetMs. */
@Schema(name = "TimeLimits")
public record TimeLimitsView(
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, example = "2")
        double factor,

        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, example = "1000")
        long offsetMs) {

    public static TimeLimitsView of(Language.TimeLimits limits) {
        return new TimeLimitsView(limits.factor(), limits.offset().toMillis());
    }
}
