package dev.judge.consumer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.waitAtMost;

import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;
import org.springframework.amqp.core.Message;
import org.springframework.amqp.core.MessageProperties;
import org.springframework.amqp.rabbit.core.RabbitTemplate;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.json.JsonMapper;

import dev.judge.contracts.Checker;
import dev.judge.contracts.JudgeQueues;
import dev.judge.contracts.JudgeRequest;
import dev.judge.contracts.JudgeResult;
import dev.judge.contracts.JudgeResult.TestCaseResult;
import dev.judge.contracts.SubmissionNotifications;
import dev.judge.contracts.SubmissionStatus;
import dev.judge.contracts.Verdict;
import dev.judge.contracts.stored.StoredResult;

/**
 * Results travel through the real result queue into the real database. A result that arrives twice
 * (a redelivery, or a submission judged twice) must change the submission once, notify once, and
 * count once.
 */
// One listener thread, so results are recorded in the order they were sent and a sentinel sent
// last marks the moment everything before it was handled.
@SpringBootTest(properties = "spring.rabbitmq.listener.simple.concurrency=1")
class ResultRecordingIT {

    @Autowired
    RabbitTemplate rabbit;

    @Autowired
    JdbcClient jdbc;

    @Autowired
    MeterRegistry meters;

    @Autowired
    JsonMapper json;

    @Value("${spring.datasource.url}")
    String databaseUrl;

    private Connection listener;
    private final List<String> notified = new ArrayList<>();

    @BeforeEach
    void listenForNotifications() throws Exception {
        listener = DriverManager.getConnection(databaseUrl, "judge", "judge");
        try (Statement statement = listener.createStatement()) {
            statement.execute("listen " + SubmissionNotifications.CHANNEL);
        }
    }

    @AfterEach
    void close() throws Exception {
        listener.close();
    }

    @Test
    void recordsARedeliveredResultOnce() throws Exception {
        UUID id = storeSubmission();
        double acceptedBefore = verdictCount(Verdict.ACCEPTED);
        JudgeResult result = finished(id, Verdict.ACCEPTED);

        rabbit.convertAndSend("", JudgeQueues.RESULTS, result);
        waitAtMost(Duration.ofSeconds(10)).until(() -> status(id).equals("FINISHED"));
        String firstRecord = jdbc.sql("select result::text || finished_at from submission where id = ?")
                .param(id)
                .query(String.class)
                .single();

        rabbit.convertAndSend("", JudgeQueues.RESULTS, finished(id, Verdict.WRONG_ANSWER));
        rabbit.convertAndSend("", JudgeQueues.RESULTS, result);
        // A RUNNING notice arriving late must not move the submission backwards either.
        rabbit.convertAndSend("", JudgeQueues.RESULTS, JudgeResult.running(request(id), Instant.now(), "late-worker"));
        UUID sentinel = storeSubmission();
        rabbit.convertAndSend("", JudgeQueues.RESULTS, finished(sentinel, Verdict.ACCEPTED));
        waitAtMost(Duration.ofSeconds(10)).until(() -> status(sentinel).equals("FINISHED"));

        assertThat(status(id)).isEqualTo("FINISHED");
        assertThat(jdbc.sql("select verdict from submission where id = ?")
                        .param(id)
                        .query(String.class)
                        .single())
                .isEqualTo("ACCEPTED");
        assertThat(jdbc.sql("select result::text || finished_at from submission where id = ?")
                        .param(id)
                        .query(String.class)
                        .single())
                .isEqualTo(firstRecord);
        assertThat(verdictCount(Verdict.ACCEPTED) - acceptedBefore).isEqualTo(2.0); // ours and the sentinel
        assertThat(verdictCount(Verdict.WRONG_ANSWER)).isZero();
        assertThat(notificationsFor(id)).isEqualTo(1);
    }

    /** Retried, it would hold the one listener for minutes (the database retries), and the sentinel behind it. */
    @Test
    void deadLettersAnUnreadableResultAtOnce() {
        String unreadable = "{\"submissionId\": \"not a uuid\", \"canary\": \"" + UUID.randomUUID() + "\"}";
        MessageProperties properties = new MessageProperties();
        properties.setContentType(MessageProperties.CONTENT_TYPE_JSON);
        properties.setHeader("__TypeId__", JudgeResult.class.getName());
        properties.setHeader(JudgeQueues.CONTRACT_VERSION_HEADER, JudgeQueues.CONTRACT_VERSION);

        rabbit.send("", JudgeQueues.RESULTS, new Message(unreadable.getBytes(StandardCharsets.UTF_8), properties));
        UUID sentinel = storeSubmission();
        rabbit.convertAndSend("", JudgeQueues.RESULTS, finished(sentinel, Verdict.ACCEPTED));

        waitAtMost(Duration.ofSeconds(10)).until(() -> status(sentinel).equals("FINISHED"));
        List<String> deadLettered = new ArrayList<>();
        waitAtMost(Duration.ofSeconds(10)).until(() -> {
            Message dead = rabbit.receive(JudgeQueues.RESULTS_DEAD, 500);
            if (dead != null) {
                deadLettered.add(new String(dead.getBody(), StandardCharsets.UTF_8));
            }
            return deadLettered.contains(unreadable);
        });
    }

    @Test
    void givesAKeysSubmissionItsPlaceBackOnceWhenItsVerdictIsRecorded() {
        UUID key = UUID.randomUUID();
        jdbc.sql("""
                insert into api_key (id, name, secret_sha256, webhook_secret, per_minute, max_waiting, waiting)
                values (?, 'platform', sha256(?::text::bytea), 'webhook secret', 10, 10, 2)""").params(key, key.toString()).update();
        UUID id = UUID.randomUUID();
        jdbc.sql("""
                insert into submission (id, language, source_code, stdin, api_key_id, holds_quota)
                values (?, 'python', 'print(1)', '', ?, true)""").params(id, key).update();

        rabbit.convertAndSend("", JudgeQueues.RESULTS, finished(id, Verdict.ACCEPTED));
        rabbit.convertAndSend("", JudgeQueues.RESULTS, finished(id, Verdict.ACCEPTED));
        UUID sentinel = storeSubmission();
        rabbit.convertAndSend("", JudgeQueues.RESULTS, finished(sentinel, Verdict.ACCEPTED));
        waitAtMost(Duration.ofSeconds(10)).until(() -> status(sentinel).equals("FINISHED"));

        assertThat(jdbc.sql("select waiting from api_key where id = ?")
                        .param(key)
                        .query(Integer.class)
                        .single())
                .isEqualTo(1);
        assertThat(jdbc.sql("select holds_quota from submission where id = ?")
                        .param(id)
                        .query(Boolean.class)
                        .single())
                .isFalse();
    }

    @Test
    void movesASubmissionFromQueuedToRunningToFinished() throws Exception {
        UUID id = storeSubmission();
        rabbit.convertAndSend("", JudgeQueues.RESULTS, JudgeResult.running(request(id), Instant.now(), "worker-1"));
        waitAtMost(Duration.ofSeconds(10)).until(() -> status(id).equals("RUNNING"));

        rabbit.convertAndSend("", JudgeQueues.RESULTS, finished(id, Verdict.TIME_LIMIT_EXCEEDED));
        waitAtMost(Duration.ofSeconds(10)).until(() -> status(id).equals("FINISHED"));
        assertThat(notificationsFor(id)).isEqualTo(2);
    }

    @Test
    void recordsWhatAProgramPrintedNulIncluded() throws Exception {
        UUID id = storeSubmission();
        String printed = "a\u0000b\u0001\u001f\n";
        rabbit.convertAndSend(
                "",
                JudgeQueues.RESULTS,
                new JudgeResult(
                        id,
                        SubmissionStatus.FINISHED,
                        Verdict.ACCEPTED,
                        "warning: \u0000",
                        List.of(new TestCaseResult(
                                0, Verdict.ACCEPTED, 1L, 2, 3L, 0, null, printed, null, null, null, null)),
                        Instant.now(),
                        Instant.now(),
                        Instant.now(),
                        "worker-1",
                        null,
                        null,
                        List.of(),
                        1));

        waitAtMost(Duration.ofSeconds(10)).until(() -> status(id).equals("FINISHED"));
        StoredResult stored = json.readValue(
                jdbc.sql("select result::text from submission where id = ?")
                        .param(id)
                        .query(String.class)
                        .single(),
                StoredResult.class);
        assertThat(stored.testCases().getFirst().output()).isEqualTo(printed);
        assertThat(stored.compilerOutput()).isEqualTo("warning: \u0000");
    }

    @Test
    void recordsScoresGroupsAndWhatTheCheckerSaid() throws Exception {
        UUID id = storeSubmission();
        rabbit.convertAndSend(
                "",
                JudgeQueues.RESULTS,
                new JudgeResult(
                        id,
                        SubmissionStatus.FINISHED,
                        Verdict.PARTIALLY_ACCEPTED,
                        null,
                        List.of(new TestCaseResult(
                                3,
                                Verdict.PARTIALLY_ACCEPTED,
                                1L,
                                2,
                                3L,
                                0,
                                null,
                                null,
                                "small",
                                0.5,
                                "5 of 10",
                                "the answer is 10")),
                        Instant.now(),
                        Instant.now(),
                        Instant.now(),
                        "worker-1",
                        20.0,
                        100.0,
                        List.of(
                                new JudgeResult.GroupResult("small", 40, 20, Verdict.PARTIALLY_ACCEPTED, false),
                                new JudgeResult.GroupResult("large", 60, 0, null, true)),
                        1));

        waitAtMost(Duration.ofSeconds(10)).until(() -> status(id).equals("FINISHED"));
        StoredResult stored = json.readValue(
                jdbc.sql("select result::text from submission where id = ?")
                        .param(id)
                        .query(String.class)
                        .single(),
                StoredResult.class);
        assertThat(stored.score()).isEqualTo(20.0);
        assertThat(stored.maxScore()).isEqualTo(100.0);
        assertThat(stored.groups())
                .containsExactly(
                        new StoredResult.Group("small", 40, 20, Verdict.PARTIALLY_ACCEPTED, false),
                        new StoredResult.Group("large", 60, 0, null, true));
        assertThat(stored.testCases().getFirst()).satisfies(test -> {
            assertThat(test.group()).isEqualTo("small");
            assertThat(test.score()).isEqualTo(0.5);
            assertThat(test.checkerMessage()).isEqualTo("5 of 10");
            assertThat(test.judgeMessage()).isEqualTo("the answer is 10");
        });
    }

    /** A rejudge moved the submission to its second judgement; the first one's results come late. */
    @Test
    void ignoresTheLateResultsOfAJudgementARejudgeReplaced() throws Exception {
        UUID id = storeSubmission();
        jdbc.sql("update submission set judgement = 2 where id = ?").params(id).update();
        JudgeResult first = finished(id, Verdict.WRONG_ANSWER);
        JudgeResult firstRunning = JudgeResult.running(request(id), Instant.now(), "worker-1");
        rabbit.convertAndSend("", JudgeQueues.RESULTS, firstRunning);
        rabbit.convertAndSend("", JudgeQueues.RESULTS, first);
        JudgeResult second = finished(id, Verdict.ACCEPTED);
        rabbit.convertAndSend(
                "",
                JudgeQueues.RESULTS,
                new JudgeResult(
                        id,
                        second.status(),
                        second.verdict(),
                        null,
                        second.testCases(),
                        second.acceptedAt(),
                        second.startedAt(),
                        second.finishedAt(),
                        second.worker(),
                        null,
                        null,
                        List.of(),
                        2));

        waitAtMost(Duration.ofSeconds(10)).until(() -> status(id).equals("FINISHED"));
        assertThat(jdbc.sql("select verdict from submission where id = ?")
                        .param(id)
                        .query(String.class)
                        .single())
                .isEqualTo("ACCEPTED");
        assertThat(notificationsFor(id))
                .as("only the second judgement's verdict changed the submission")
                .isEqualTo(1);
    }

    @Test
    void givesADeadLetteredSubmissionAnInternalErrorVerdict() {
        UUID id = storeSubmission();
        rabbit.convertAndSend("", JudgeQueues.SUBMISSIONS_DEAD, request(id));

        waitAtMost(Duration.ofSeconds(10)).until(() -> status(id).equals("FINISHED"));
        assertThat(jdbc.sql("select verdict from submission where id = ?")
                        .param(id)
                        .query(String.class)
                        .single())
                .isEqualTo("INTERNAL_ERROR");
    }

    private UUID storeSubmission() {
        UUID id = UUID.randomUUID();
        jdbc.sql("insert into submission (id, language, source_code, stdin) values (?, 'python', 'print(1)', '')")
                .params(id)
                .update();
        return id;
    }

    private static JudgeRequest request(UUID id) {
        return JudgeRequest.plain(
                id,
                "python",
                "print(1)",
                new JudgeRequest.Limits(1000, 64),
                Checker.EXACT,
                List.of(new JudgeRequest.TestCase("", null)),
                Instant.now().truncatedTo(ChronoUnit.MICROS));
    }

    private static JudgeResult finished(UUID id, Verdict verdict) {
        Instant now = Instant.now().truncatedTo(ChronoUnit.MICROS);
        return new JudgeResult(
                id,
                SubmissionStatus.FINISHED,
                verdict,
                null,
                List.of(new TestCaseResult(0, verdict, 12L, 15, 2048L, 0, null, "1\n", null, null, null, null)),
                now.minusSeconds(1),
                now.minusMillis(500),
                now,
                "worker-1",
                null,
                null,
                List.of(),
                1);
    }

    private String status(UUID id) {
        return jdbc.sql("select status from submission where id = ?")
                .param(id)
                .query(String.class)
                .single();
    }

    private double verdictCount(Verdict verdict) {
        var counter = meters.find("judge.submissions.verdicts")
                .tag("verdict", verdict.name())
                .counter();
        return counter == null ? 0 : counter.count();
    }

    private long notificationsFor(UUID id) throws Exception {
        PGNotification[] received = listener.unwrap(PGConnection.class).getNotifications(500);
        if (received != null) {
            for (PGNotification notification : received) {
                notified.add(notification.getParameter());
            }
        }
        return notified.stream().filter(id.toString()::equals).count();
    }
}
