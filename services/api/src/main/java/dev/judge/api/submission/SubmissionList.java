package dev.judge.api.submission;

import java.util.List;

import io.swagger.v3.oas.annotations.media.Schema;

/** Several submissions, in the order asked for. */
public record SubmissionList<T>(
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED) List<T> submissions) {}
