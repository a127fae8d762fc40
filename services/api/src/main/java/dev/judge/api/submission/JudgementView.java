package dev.judge.api.submission;

import java.time.Instant;

import io.swagger.v3.oas.annotations.media.Schema;

import dev.judge.contracts.SubmissionStatus;
import dev.judge.contracts.Verdict;

/**
 * One judgement of a submission that a rejudge replaced, as it was then.
 *
 * @param status FINISHED, unless the rejudge came before its verdict
 * @param replacedAt when the rejudge replaced it
 */
public record JudgementView(
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED) int judgement,
        Integer problemVersion,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED) SubmissionStatus status,
        Verdict verdict,
        Double score,
        Double maxScore,
        Instant startedAt,
        Instant finishedAt,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED) Instant replacedAt) {}
