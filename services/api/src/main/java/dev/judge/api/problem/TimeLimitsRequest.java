package dev.judge.api.problem;

import io.swagger.v3.oas.annotations.media.Schema;
import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.PositiveOrZero;

/** A language's time limit here = timeLimitMs × factor + offsetMs. */
public record TimeLimitsRequest(
        @NotNull @DecimalMin("0.1") @DecimalMax("10") @Schema(example = "2")
        Double factor,

        @PositiveOrZero
        @Max(10_000)
        @Schema(
                types = {"integer", "null"},
                example = "1000")
        Integer offsetMs) {}
