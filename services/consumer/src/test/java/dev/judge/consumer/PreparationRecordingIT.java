package dev.judge.consumer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.waitAtMost;

import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.springframework.amqp.rabbit.core.RabbitTemplate;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jdbc.core.simple.JdbcClient;

import dev.judge.contracts.JudgeQueues;
import dev.judge.contracts.JudgeRequest;
import dev.judge.contracts.PreparationResult;
import dev.judge.contracts.ProblemPreparation;
import dev.judge.contracts.ProblemProgram;

/**
 * How a problem version's preparation ended travels through the real queue into the real database:
 * the first end is recorded, a later one for the same version changes nothing, and what a setter's
 * program printed is stored whatever it holds.
 */
// One listener thread, so results are recorded in the order they were sent.
@SpringBootTest(properties = "spring.rabbitmq.listener.simple.concurrency=1")
class PreparationRecordingIT {

    @Autowired
    RabbitTemplate rabbit;

    @Autowired
    JdbcClient jdbc;

    @Test
    void recordsTheFirstEndOfAPreparationOnlyWhateverItsMessageHolds() {
        long problem = preparingProblem();
        long sentinel = preparingProblem();

        send(PreparationResult.failed(problem, 1, "test 1", "validator said \0\1 and left", "worker-a"));
        send(PreparationResult.ready(problem, 1, "worker-b", List.of()));
        send(PreparationResult.ready(sentinel, 1, "worker-b", List.of()));

        waitAtMost(Duration.ofSeconds(10)).until(() -> status(sentinel).equals("READY"));
        assertThat(status(problem)).isEqualTo("FAILED");
        assertThat(jdbc.sql(
                                "select preparation_file || ': ' || preparation_message from problem_version where problem_id = ?")
                        .param(problem)
                        .query(String.class)
                        .single())
                .isEqualTo("test 1: validator said \uFFFD\1 and left");
    }

    /** A time limit inferred from a package's example submissions is the version's; a version with its own keeps it. */
    @Test
    void recordsATimeLimitInferredWhenTheVersionWasPrepared() {
        long inferred = preparingProblem();
        long own = preparingProblem();

        send(PreparationResult.ready(inferred, 1, "worker-a", List.of(), 3000));
        send(PreparationResult.ready(own, 1, "worker-a", List.of()));

        waitAtMost(Duration.ofSeconds(10))
                .until(() -> status(own).equals("READY") && status(inferred).equals("READY"));
        assertThat(timeLimitMs(inferred)).isEqualTo(3000);
        assertThat(timeLimitMs(own)).isEqualTo(1000);
    }

    @Test
    void failsAVersionWhosePreparationWasDeadLettered() {
        long problem = preparingProblem();

        rabbit.convertAndSend(
                JudgeQueues.DEAD_LETTER_EXCHANGE,
                JudgeQueues.PREPARATIONS_DEAD,
                new ProblemPreparation(
                        problem,
                        1,
                        new ProblemProgram("cpp", "int main() {}", null),
                        null,
                        null,
                        List.of(new JudgeRequest.TestCase("1", "1")),
                        null,
                        List.of(),
                        null));

        waitAtMost(Duration.ofSeconds(10)).until(() -> status(problem).equals("FAILED"));
        assertThat(jdbc.sql("select preparation_message from problem_version where problem_id = ?")
                        .param(problem)
                        .query(String.class)
                        .single())
                .contains("could not prepare this version");
    }

    private void send(PreparationResult result) {
        rabbit.convertAndSend(JudgeQueues.RESULTS_EXCHANGE, JudgeQueues.PREPARATIONS_DONE, result);
    }

    private long preparingProblem() {
        long id = jdbc.sql("""
                insert into problem (title, time_limit_ms, memory_limit_mb, comparison, stop_on_first_failure)
                values ('Prepared', 1000, 64, 'EXACT', true) returning id""").query(Long.class).single();
        jdbc.sql("""
                insert into problem_version (problem_id, version, time_limit_ms, memory_limit_mb, stop_on_first_failure, checker, status)
                values (?, 1, 1000, 64, true, '{"kind": "CUSTOM"}', 'PREPARING')""").param(id).update();
        return id;
    }

    private int timeLimitMs(long problem) {
        return jdbc.sql("select time_limit_ms from problem_version where problem_id = ?")
                .param(problem)
                .query(Integer.class)
                .single();
    }

    private String status(long problem) {
        return jdbc.sql("select status from problem_version where problem_id = ?")
                .param(problem)
                .query(String.class)
                .single();
    }
}
