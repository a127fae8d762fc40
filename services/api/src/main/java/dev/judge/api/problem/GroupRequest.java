package dev.judge.api.problem;

import static dev.judge.api.problem.ProblemRequest.MAX_GROUPS;
import static dev.judge.api.problem.ProblemRequest.MAX_POINTS_TEXT;
import static dev.judge.api.problem.ProblemRequest.MAX_TEST_CASES;
import static dev.judge.api.problem.ProblemRequest.NAME;

import java.util.List;

import io.swagger.v3.oas.annotations.media.Schema;
import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.PositiveOrZero;
import jakarta.validation.constraints.Size;

import dev.judge.contracts.JudgeRequest;

/**
 * @param dependsOn groups listed before this one that must all pass for it to be judged
 * @param scoring COMPLETE_GROUP (left out or null): its points if every test passes; EACH_TEST: each
 *        test its own, {@code testPoints}
 */
public record GroupRequest(
        @NotNull @Pattern(regexp = NAME) @Schema(example = "small")
        String name,

        @NotNull @PositiveOrZero @DecimalMax(MAX_POINTS_TEXT) @Schema(example = "30")
        Double points,

        @Size(max = MAX_GROUPS) @Schema(types = {"array", "null"})
        List<@NotNull String> dependsOn,

        @Schema(
                types = {"string", "null"},
                description = "COMPLETE_GROUP (the default): its points only if every test passes. EACH_TEST: "
                        + "each test scores its own points, testPoints, which add up to points (Polygon's "
                        + "points-policy each-test)")
        JudgeRequest.Group.Scoring scoring,

        @Size(max = MAX_TEST_CASES)
        @Schema(
                types = {"array", "null"},
                description = "With EACH_TEST, and only then: the points of each of its tests, in their order")
        List<@NotNull @PositiveOrZero @DecimalMax(MAX_POINTS_TEXT) Double> testPoints) {

    JudgeRequest.Group toContract() {
        return scoring == JudgeRequest.Group.Scoring.EACH_TEST
                ? JudgeRequest.Group.eachTest(name, testPoints, dependsOn)
                : new JudgeRequest.Group(name, points, dependsOn);
    }
}
