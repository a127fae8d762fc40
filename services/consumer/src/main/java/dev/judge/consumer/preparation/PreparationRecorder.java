package dev.judge.consumer.preparation;

import java.sql.Timestamp;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.amqp.rabbit.annotation.RabbitListener;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

import dev.judge.contracts.JudgeQueues;
import dev.judge.contracts.PreparationNotifications;
import dev.judge.contracts.PreparationResult;
import dev.judge.contracts.ProblemPreparation;

/**
 * Records how problem versions' preparations ended, idempotently: only a version still PREPARING
 * changes, so a duplicated result, or a second worker's result for a preparation sent twice, changes
 * nothing; and how far one still under way got. A preparation that reached the delivery limit (it crashed every worker that took it) fails
 * its version, so that its setter learns of it rather than wait.
 */
@Component
class PreparationRecorder {

    private static final Logger log = LoggerFactory.getLogger(PreparationRecorder.class);

    private final JdbcClient jdbc;
    private final MeterRegistry meters;
    private final JsonMapper json;

    PreparationRecorder(JdbcClient jdbc, MeterRegistry meters, JsonMapper json) {
        this.json = json;
        this.jdbc = jdbc;
        this.meters = meters;
        // Registered at zero, so that a rate over them has a start.
        counter(PreparationResult.Status.READY);
        counter(PreparationResult.Status.FAILED);
    }

    @RabbitListener(queues = JudgeQueues.PREPARATIONS_DONE)
    void onPrepared(PreparationResult result) {
        record(result);
    }

    @RabbitListener(queues = JudgeQueues.PREPARATIONS_DEAD)
    void onDeadPreparation(ProblemPreparation preparation) {
        log.warn(
                "The preparation of problem {} version {} was dead-lettered after {} deliveries; recording FAILED",
                preparation.problemId(),
                preparation.version(),
                JudgeQueues.DELIVERY_LIMIT);
        record(PreparationResult.failed(
                preparation.problemId(),
                preparation.version(),
                null,
                "The judge could not prepare this version after " + JudgeQueues.DELIVERY_LIMIT + " attempts.",
                "dead-letter"));
    }

    /**
     * @return whether it changed the version (false for a duplicate); a word on a preparation still
     *     under way changes only how far it got, for a version still PREPARING
     */
    boolean record(PreparationResult result) {
        if (result.status() == PreparationResult.Status.PREPARING) {
            return jdbc.sql("""
                            update problem_version set preparation_progress = :progress, preparation_progress_at = :at
                            where problem_id = :problemId and version = :version and status = 'PREPARING'""")
                            .param("progress", storable(result.progress()))
                            .param("at", Timestamp.from(result.preparedAt()))
                            .param("problemId", result.problemId())
                            .param("version", result.version())
                            .update()
                    == 1;
        }
        // The notice goes out when the change commits: the API sends the owner's next version then.
        boolean changed = jdbc.sql("""
                with ended as (
                    update problem_version set status = :status, preparation_file = :file, preparation_message = :message,
                        prepared_at = :preparedAt, solution_verdicts = cast(:solutions as json),
                        time_limit_ms = coalesce(:timeLimitMs, time_limit_ms)
                    where problem_id = :problemId and version = :version and status = 'PREPARING'
                    returning problem_id, version)
                select pg_notify(:channel, problem_id || '/' || version) from ended""")
                        .param("channel", PreparationNotifications.CHANNEL)
                        .param("status", result.status().name())
                        .param("file", storable(result.file()))
                        .param("message", storable(result.message()))
                        .param("preparedAt", Timestamp.from(result.preparedAt()))
                        .param(
                                "solutions",
                                result.solutions().isEmpty() ? null : json.writeValueAsString(result.solutions()))
                        // A limit inferred from the example submissions' times is the version's from now on.
                        .param("timeLimitMs", result.timeLimitMs(), java.sql.Types.INTEGER)
                        .param("problemId", result.problemId())
                        .param("version", result.version())
                        .query((rs, row) -> true)
                        .list()
                        .size()
                == 1;
        if (changed) {
            counter(result.status()).increment();
            log.info(
                    "Problem {} version {} is {}{}",
                    result.problemId(),
                    result.version(),
                    result.status(),
                    result.file() == null ? "" : " (" + result.file() + ")");
        }
        return changed;
    }

    /**
     * PostgreSQL's text holds no NUL, and what a setter's program printed may (a validator that prints
     * binary data, or a hostile one): shown as the replacement character, as a terminal would.
     */
    static String storable(String text) {
        return text == null ? null : text.replace('\0', '\uFFFD');
    }

    private Counter counter(PreparationResult.Status status) {
        return Counter.builder("judge.problems.prepared")
                .description("Problem versions whose preparation ended, by how")
                .tag("status", status.name())
                .register(meters);
    }
}
