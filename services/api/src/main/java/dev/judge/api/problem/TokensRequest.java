package dev.judge.api.problem;

import io.swagger.v3.oas.annotations.media.Schema;
import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.PositiveOrZero;

import dev.judge.contracts.Checker;

/**
 * The flags of the problem package format's default output validator ({@link Checker.Tokens}); a
 * number token of the expected output is matched within either tolerance given.
 */
public record TokensRequest(
        @Schema(
                types = {"boolean", "null"},
                description = "Tokens differing only in case differ (default false)")
        Boolean caseSensitive,

        @Schema(
                types = {"boolean", "null"},
                description = "The white space between tokens must match too (default false)")
        Boolean spaceChangeSensitive,

        @PositiveOrZero
        @DecimalMax("1e9")
        @Schema(
                types = {"number", "null"},
                description = "How far off a number may be",
                example = "1e-6")
        Double absoluteTolerance,

        @PositiveOrZero
        @DecimalMax("1e9")
        @Schema(
                types = {"number", "null"},
                description = "How far off a number may be, as a share of the expected one",
                example = "1e-6")
        Double relativeTolerance) {

    Checker.Tokens toContract() {
        return new Checker.Tokens(
                Boolean.TRUE.equals(caseSensitive),
                Boolean.TRUE.equals(spaceChangeSensitive),
                absoluteTolerance,
                relativeTolerance);
    }
}
