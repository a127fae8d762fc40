package dev.judge.api.submission;

import io.swagger.v3.oas.annotations.media.Schema;

import dev.judge.contracts.Verdict;
import dev.judge.contracts.stored.StoredResult;

/**
 * One subtask's outcome as clients see it.
 *
 * @param verdict its first failing test's verdict, ACCEPTED if none failed; absent when skipped
 * @param skipped not judged, because a group it depends on did not pass
 */
@Schema(name = "GroupResult")
public record GroupView(
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED) String name,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED) double points,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED) double score,
        Verdict verdict,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED) boolean skipped) {

    /** The one mapping from what is stored to what is shown. */
    static GroupView of(StoredResult.Group group) {
        return new GroupView(group.name(), group.points(), group.score(), group.verdict(), group.skipped());
    }
}
