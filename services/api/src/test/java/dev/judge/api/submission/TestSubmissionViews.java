package dev.judge.api.submission;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

import dev.judge.contracts.Lane;
import dev.judge.contracts.SubmissionStatus;

/** Submissions as the API shows them, for the tests of what shows them: a Python one to problem 1. */
public final class TestSubmissionViews {

    private TestSubmissionViews() {}

    /** Submission {@code id} in {@code status}, of the key {@code apiKeyId} (null: anonymous). */
    public static SubmissionView inState(UUID id, SubmissionStatus status, UUID apiKeyId) {
        return new SubmissionView(
                id,
                1L,
                1,
                "python",
                status,
                null,
                null,
                null,
                null,
                null,
                null,
                List.of(),
                List.of(),
                Instant.parse("2026-11-23T04:00:00Z"),
                null,
                null,
                null,
                Lane.PRACTICE,
                1,
                apiKeyId);
    }
}
