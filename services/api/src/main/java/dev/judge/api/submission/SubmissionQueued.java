package dev.judge.api.submission;

import java.time.Duration;

/**
 * Published as a submission is answered {@code 202}, with the {@code Retry-After} its client was told:
 * the read side holds it for the polls to come and paces them from there (api {@code submission/read}).
 */
public record SubmissionQueued(SubmissionView view, Duration retryAfter) {}
