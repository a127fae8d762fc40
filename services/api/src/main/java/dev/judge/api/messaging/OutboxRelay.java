package dev.judge.api.messaging;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.amqp.AmqpException;
import org.springframework.amqp.rabbit.connection.CorrelationData;
import org.springframework.amqp.rabbit.core.RabbitTemplate;
import org.springframework.context.event.EventListener;
import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;
import tools.jackson.databind.json.JsonMapper;

import dev.judge.api.submission.JudgeRequests;
import dev.judge.api.submission.SubmissionStored;
import dev.judge.api.system.BackgroundLoop;
import dev.judge.contracts.JudgeQueues;
import dev.judge.contracts.JudgeRequest;
import dev.judge.contracts.Lane;

/**
 * The transactional outbox: publishes every stored submission whose request message the broker has
 * not yet confirmed, and marks it published once it has.
 *
 * <p>The API's POST only inserts a row and {@linkplain #wakeUp wakes} this relay, so accepting never
 * waits for, or fails with, the broker. A pass claims a batch with {@code FOR UPDATE SKIP LOCKED}
 * (several API replicas share the work without publishing the same row twice at once), publishes it
 * with publisher confirms, each to its lane's queue, and sets {@code enqueued_at} for the confirmed rows.
 * A rejudge clears {@code enqueued_at}, so the same relay queues the submissions again. A crash between the
 * confirm and the commit publishes a row twice; workers and the result consumer tolerate that.
 */
@Component
class OutboxRelay extends BackgroundLoop {

    private static final Logger log = LoggerFactory.getLogger(OutboxRelay.class);

    private final JdbcClient jdbc;
    private final TransactionTemplate transaction;
    private final RabbitTemplate rabbit;
    private final OutboxProperties properties;
    private final JudgeRequests requests;
    private final JsonMapper json;
    private final BlockingQueue<Boolean> wakeUps = new ArrayBlockingQueue<>(1);
    private final Counter published;
    private final DistributionSummary messageSize;
    private final Timer enqueueDelay;

    OutboxRelay(
            JdbcClient jdbc,
            TransactionTemplate transaction,
            RabbitTemplate rabbit,
            OutboxProperties properties,
            JudgeRequests requests,
            JsonMapper json,
            MeterRegistry meters) {
        super("outbox-relay");
        this.json = json;
        this.jdbc = jdbc;
        this.transaction = transaction;
        this.rabbit = rabbit;
        this.properties = properties;
        this.requests = requests;
        this.published = Counter.builder("judge.outbox.published")
                .description("Request messages confirmed by the broker")
                .register(meters);
        this.messageSize = DistributionSummary.builder("judge.outbox.message.size")
                .description("Request messages' size: a large problem's tests go by reference, not in every message")
                .baseUnit("bytes")
                .register(meters);
        this.enqueueDelay = Timer.builder("judge.submissions.enqueue.delay")
                .description("From accepting a submission to the broker confirming its request message")
                .publishPercentileHistogram()
                .register(meters);
    }

    /** A submission was committed: publish it now rather than at the next sweep. */
    @EventListener
    void wakeUp(SubmissionStored stored) {
        wakeUps.offer(Boolean.TRUE);
    }

    @Override
    protected void runLoop() {
        boolean failing = false;
        while (isRunning()) {
            try {
                // Connecting declares the exchanges and queues (Spring's RabbitAdmin does on every new
                // connection). In the cluster only the API's broker user may, and the request queue
                // must exist before anything is submitted: KEDA reads its depth from the start.
                rabbit.execute(channel -> channel.isOpen());
                int relayed = relayOneBatch();
                if (failing) {
                    log.info("Outbox relay publishing again");
                    failing = false;
                }
                if (relayed < properties.batchSize()) {
                    wakeUps.poll(properties.sweepInterval().toMillis(), TimeUnit.MILLISECONDS);
                }
            } catch (AmqpException | DataAccessException | ConfirmFailedException e) {
                if (!failing) {
                    log.warn(
                            "Outbox relay cannot publish; submissions stay stored and will be published once it can: {}",
                            e.toString());
                    failing = true;
                }
                if (!pause(properties.retryDelay())) {
                    return;
                }
            } catch (InterruptedException e) {
                return;
            } catch (RuntimeException e) {
                // A bug, not an outage; the relay must outlive it, or nothing would be published again.
                log.error("Outbox relay failed; retrying", e);
                if (!pause(properties.retryDelay())) {
                    return;
                }
            }
        }
    }

    /** One transaction: claim, publish, await confirms, mark. Returns how many rows it claimed. */
    int relayOneBatch() {
        Integer claimed = transaction.execute(status -> {
            List<Pending> pending = jdbc.sql("""
                    select id, problem_id, language, source_code, stdin, stdins, outputs, program, lane, judgement,
                        coalesce(requeued_at, created_at) as accepted_at,
                        -- null in rows an API of the release before versions stored: its problem's current one
                        coalesce(problem_version, (select version from problem where problem.id = problem_id)) as problem_version
                    from submission where enqueued_at is null
                    order by created_at limit :limit
                    for update skip locked""")
                    .param("limit", properties.batchSize())
                    .query((rs, row) -> new Pending(
                            rs.getObject("id", UUID.class),
                            rs.getObject("problem_id", Long.class),
                            rs.getObject("problem_version", Integer.class),
                            rs.getString("language"),
                            rs.getString("source_code"),
                            inputs(utf8Text(rs.getBytes("stdin")), rs.getArray("stdins")),
                            program(rs.getString("program")),
                            utf8Texts(rs.getArray("outputs")),
                            Lane.valueOf(rs.getString("lane")),
                            rs.getInt("judgement"),
                            rs.getObject("accepted_at", OffsetDateTime.class).toInstant()))
                    .list();
            if (pending.isEmpty()) {
                return 0;
            }
            List<UUID> confirmed = publishAndConfirm(pending);
            if (!confirmed.isEmpty()) {
                jdbc.sql("update submission set enqueued_at = now() where id in (:ids)")
                        .param("ids", confirmed)
                        .update();
            }
            return pending.size();
        });
        return claimed == null ? 0 : claimed;
    }

    private List<UUID> publishAndConfirm(List<Pending> pending) {
        List<CorrelationData> confirms = new ArrayList<>(pending.size());
        for (Pending submission : pending) {
            CorrelationData correlation = new CorrelationData(submission.id().toString());
            rabbit.convertAndSend(
                    JudgeQueues.SUBMISSIONS_EXCHANGE,
                    submission.lane().queue(),
                    toRequest(submission),
                    message -> {
                        message.getMessageProperties()
                                .setMessageId(submission.id().toString());
                        messageSize.record(message.getBody().length);
                        return message;
                    },
                    correlation);
            confirms.add(correlation);
        }
        List<UUID> confirmed = new ArrayList<>(pending.size());
        long deadline = System.nanoTime() + properties.confirmTimeout().toNanos();
        for (int i = 0; i < confirms.size(); i++) {
            if (isConfirmed(confirms.get(i), deadline)) {
                confirmed.add(pending.get(i).id());
                enqueueDelay.record(Duration.between(pending.get(i).acceptedAt(), Instant.now()));
            }
        }
        published.increment(confirmed.size());
        if (confirmed.isEmpty()) {
            throw new ConfirmFailedException("the broker confirmed none of " + pending.size() + " request messages");
        }
        return confirmed;
    }

    /** Acked and not returned as unroutable (which would mean the queue is missing). */
    private static boolean isConfirmed(CorrelationData correlation, long deadlineNanos) {
        try {
            long wait = Math.max(0, deadlineNanos - System.nanoTime());
            CorrelationData.Confirm confirm = correlation.getFuture().get(wait, TimeUnit.NANOSECONDS);
            return confirm.ack() && correlation.getReturned() == null;
        } catch (TimeoutException | ExecutionException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private JudgeRequest toRequest(Pending submission) {
        return requests.of(
                submission.id(),
                submission.problemId(),
                submission.problemVersion(),
                submission.language(),
                submission.sourceCode(),
                submission.inputs(),
                submission.program(),
                submission.outputs(),
                submission.acceptedAt(),
                submission.judgement());
    }

    /** The submission's files and compile options, stored as SubmissionRepository wrote them. */
    private JudgeRequest.Program program(String stored) {
        return stored == null ? null : json.readValue(stored, JudgeRequest.Program.class);
    }

    /** The inputs of a run without a problem: its stdins, or its stdin; empty for a submission to a problem. */
    private static List<String> inputs(String stdin, java.sql.Array stdins) throws java.sql.SQLException {
        if (stdins == null) {
            return stdin == null ? List.of() : List.of(stdin);
        }
        return utf8Texts(stdins);
    }

    /** Texts stored as an array of their UTF-8 bytes (stdins, outputs), nulls kept; null for no array. */
    private static List<String> utf8Texts(java.sql.Array stored) throws java.sql.SQLException {
        if (stored == null) {
            return null;
        }
        List<String> texts = new ArrayList<>();
        for (Object bytes : (Object[]) stored.getArray()) {
            texts.add(utf8Text((byte[]) bytes));
        }
        return texts;
    }

    /** A run's stdin is stored as its UTF-8 bytes, so that NUL survives. */
    private static String utf8Text(byte[] utf8) {
        return utf8 == null ? null : new String(utf8, StandardCharsets.UTF_8);
    }

    private record Pending(
            UUID id,
            Long problemId,
            Integer problemVersion,
            String language,
            String sourceCode,
            List<String> inputs,
            JudgeRequest.Program program,
            List<String> outputs,
            Lane lane,
            int judgement,
            Instant acceptedAt) {}

    private static final class ConfirmFailedException extends RuntimeException {

        ConfirmFailedException(String message) {
            super(message);
        }
    }
}
