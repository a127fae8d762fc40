package dev.judge.api.submission;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

import com.fasterxml.jackson.annotation.JsonIgnore;
import io.swagger.v3.oas.annotations.media.Schema;

import dev.judge.contracts.Lane;
import dev.judge.contracts.SubmissionStatus;
import dev.judge.contracts.Verdict;

/**
 * A submission as clients see it. Fields without a value yet (a verdict while it waits) are left out.
 *
 * @param timeMs the longest CPU time (wall time where CPU time is unknown) over the test cases
 * @param memoryKb the largest peak memory over the test cases, when measured
 * @param problemVersion the version of the problem it is judged against
 * @param score the points scored, once finished; absent for runs on stdin (and for results of before scores)
 * @param groups the subtasks' outcomes, in judging order; empty without subtasks
 * @param callback where it is sent once finished, and how that went; absent without a callbackUrl
 * @param lane the lane it is (or was last) judged in
 * @param judgement which judgement this shows: 1, then one more per rejudge (the earlier ones at
 *        /api/submissions/{id}/judgements)
 * @param apiKeyId the key that made it, which alone may read it (with the admin); null for anonymous ones
 */
public record SubmissionView(
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED) UUID id,
        Long problemId,
        Integer problemVersion,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED) String language,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED) SubmissionStatus status,
        Verdict verdict,
        Double score,
        Double maxScore,
        Long timeMs,
        Long memoryKb,
        String compilerOutput,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED) List<GroupView> groups,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED) List<TestCaseView> testCases,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED) Instant createdAt,
        Instant startedAt,
        Instant finishedAt,
        WebhookView callback,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED) Lane lane,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED) int judgement,
        @JsonIgnore @Schema(hidden = true) UUID apiKeyId) {

    public boolean isFinished() {
        return status == SubmissionStatus.FINISHED;
    }

    /** Changes whenever what a client sees does: the judgement, its status, and when it started and ended. */
    public String etag() {
        return "\"%d-%s-%d-%d\"".formatted(judgement, status, millis(startedAt), millis(finishedAt));
    }

    private static long millis(Instant instant) {
        return instant == null ? 0 : instant.toEpochMilli();
    }
}
