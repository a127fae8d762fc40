package dev.judge.api.rejudge;

import io.swagger.v3.oas.annotations.media.Schema;

/**
 * @param problemVersion the version every one of them is judged against now
 * @param submissions how many were queued again on the rejudge lane
 */
record RejudgeStarted(
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED) long problemId,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED) int problemVersion,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED) int submissions) {}
