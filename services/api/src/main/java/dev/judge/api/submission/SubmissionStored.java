package dev.judge.api.submission;

import java.util.UUID;

/** Published once a submission is committed, so that the outbox relays it now rather than at its next sweep. */
public record SubmissionStored(UUID id) {
}
