package dev.judge.api.submission;

import java.util.UUID;

/**
 * Published once a submission is committed, or many are queued again at once (a rejudge: {@code id}
 * null), so that the outbox relays them now rather than at its next sweep.
 */
public record SubmissionStored(UUID id) {}
