package dev.judge.api.submission;

import java.util.UUID;

import dev.judge.contracts.SubmissionStatus;

/** The answer to a POST: the id to poll, and the status it starts in. */
record SubmissionAccepted(UUID id, SubmissionStatus status) {
}
