package dev.judge.api.submission;

import java.util.UUID;

import io.swagger.v3.oas.annotations.media.Schema;

import dev.judge.contracts.SubmissionStatus;

/**
 * The answer to a POST: the id to poll, and the status it starts in.
 *
 * @param problemVersion the version of the problem it will be judged against; absent for a run on stdin
 */
record SubmissionAccepted(
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED) UUID id,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED) SubmissionStatus status,
        Integer problemVersion) {

    static SubmissionAccepted of(SubmissionView stored) {
        return new SubmissionAccepted(stored.id(), stored.status(), stored.problemVersion());
    }
}
