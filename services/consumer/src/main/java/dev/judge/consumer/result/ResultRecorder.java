package dev.judge.consumer.result;

import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

import dev.judge.contracts.JudgeRequest;
import dev.judge.contracts.JudgeResult;
import dev.judge.contracts.SubmissionNotifications;
import dev.judge.contracts.stored.StoredResult;

/**
 * Records results idempotently. Each update is conditional on the submission's current status,
 * which only moves forward (QUEUED → RUNNING → FINISHED) within a judgement, and on its judgement
 * number: a redelivered or duplicated result, a RUNNING notice that arrives after the verdict, or a
 * late result of a judgement a rejudge has replaced, matches no row and changes nothing. Only a real
 * change notifies the API replicas and counts in the metrics.
 */
@Component
public class ResultRecorder {

    private static final Logger log = LoggerFactory.getLogger(ResultRecorder.class);

    private final JdbcClient jdbc;
    private final JsonMapper json;
    private final MeterRegistry meters;
    private final Timer endToEnd;

    ResultRecorder(JdbcClient jdbc, JsonMapper json, MeterRegistry meters) {
        this.jdbc = jdbc;
        this.json = json;
        this.meters = meters;
        this.endToEnd = Timer.builder("judge.submissions.latency")
                .description("End to end: from accepting a submission to recording its verdict")
                .publishPercentileHistogram()
                .maximumExpectedValue(JudgeRequest.LONGEST_EXPECTED_WAIT)
                .register(meters);
    }

    /** @return whether the result changed the submission (false for a duplicate) */
    public boolean record(JudgeResult result) {
        int changed = switch (result.status()) {
            case RUNNING ->
                updateAndNotify("""
                    with changed as (
                        update submission set status = 'RUNNING', started_at = :startedAt
                        where id = :id and status = 'QUEUED' and judgement = :judgement
                        returning id)""")
                        .param("id", result.submissionId())
                        .param("judgement", result.judgement())
                        .param("startedAt", timestamp(result.startedAt()))
                        .query(Integer.class)
                        .single();
            // The first verdict also gives the submission's place back to its key's waiting quota.
            case FINISHED ->
                updateAndNotify("""
                    with before as (
                        select id, api_key_id, holds_quota from submission
                        where id = :id and status <> 'FINISHED' and judgement = :judgement
                        for update),
                    changed as (
                        update submission
                        set status = 'FINISHED', verdict = :verdict, result = cast(:result as json),
                            started_at = coalesce(started_at, :startedAt), finished_at = :finishedAt, holds_quota = false
                        from before where submission.id = before.id
                        returning submission.id, before.api_key_id, before.holds_quota),
                    released as (
                        update api_key set waiting = greatest(0, waiting - 1)
                        where id = (select api_key_id from changed where holds_quota))""")
                        .param("id", result.submissionId())
                        .param("judgement", result.judgement())
                        .param("verdict", result.verdict().name())
                        .param("result", json.writeValueAsString(StoredResult.of(result)))
                        .param("startedAt", timestamp(result.startedAt()))
                        .param("finishedAt", timestamp(result.finishedAt()))
                        .query(Integer.class)
                        .single();
            case QUEUED -> 0;
        };
        received(result, changed == 0 ? "ignored" : "recorded");
        if (changed == 0) {
            log.debug(
                    "Result for {} ({}) changed nothing: a duplicate, or out of order",
                    result.submissionId(),
                    result.status());
            return false;
        }
        if (result.verdict() != null) {
            Counter.builder("judge.submissions.verdicts")
                    .description("Verdicts recorded")
                    .tag("verdict", result.verdict().name())
                    .register(meters)
                    .increment();
            endToEnd.record(Duration.between(result.acceptedAt(), Instant.now()));
        }
        return true;
    }

    /**
     * A guarded update of one submission and a notification for the row it changed, if any, as one
     * statement in its own transaction: one round trip, and PostgreSQL delivers the notification only
     * when the statement commits. {@code withChanged} is a WITH clause whose {@code changed} returns
     * the id of the row it changed. Queried, it yields how many rows changed (0 or 1).
     */
    private JdbcClient.StatementSpec updateAndNotify(String withChanged) {
        return jdbc.sql(withChanged + "\nselect count(pg_notify(:channel, id::text)) from changed")
                .param("channel", SubmissionNotifications.CHANNEL);
    }

    /** Every result message by status, and whether it changed anything (duplicates are ignored). */
    private void received(JudgeResult result, String outcome) {
        Counter.builder("judge.results.received")
                .description("Result messages taken off the result queue")
                .tag("status", result.status().name())
                .tag("outcome", outcome)
                .register(meters)
                .increment();
    }

    private static OffsetDateTime timestamp(Instant instant) {
        return instant == null ? null : instant.atOffset(ZoneOffset.UTC);
    }
}
