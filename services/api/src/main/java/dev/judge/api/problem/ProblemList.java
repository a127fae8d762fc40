package dev.judge.api.problem;

import java.util.List;

import io.swagger.v3.oas.annotations.media.Schema;

import dev.judge.contracts.PreparationResult;

/**
 * A page of the problems a caller owns.
 *
 * @param next the next page's path; null on the last
 */
record ProblemList(
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED) List<Entry> problems,

        @Schema(
                types = {"string", "null"},
                example = "/api/problems?after=100&limit=100")
        String next) {

    /** @param version its current version; status: whether that version takes submissions */
    @Schema(name = "ProblemListEntry")
    record Entry(
            @Schema(requiredMode = Schema.RequiredMode.REQUIRED)
            long id,

            @Schema(requiredMode = Schema.RequiredMode.REQUIRED)
            String title,

            @Schema(requiredMode = Schema.RequiredMode.REQUIRED)
            int version,

            @Schema(requiredMode = Schema.RequiredMode.REQUIRED)
            PreparationResult.Status status) {}
}
