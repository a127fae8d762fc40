package dev.judge.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;

import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.test.annotation.DirtiesContext;

import dev.judge.contracts.JudgeQueues;
import dev.judge.contracts.ProblemPreparation;

/**
 * Preparations sent fairly and not endlessly: one version per key in flight at a time while another
 * key's goes at once; a version whose worker says how far it got is not sent again; one never heard of
 * is sent again, up to its sends, then fails saying so. The sweep and the waits are seconds here; the
 * context is closed after, so that its sweep does not outlive the class.
 */
@SpringBootTest(
        webEnvironment = WebEnvironment.RANDOM_PORT,
        properties = {
            AccessIT.ADMIN_TOKEN_PROPERTY,
            "judge.problems.preparation.sweep-interval=1s",
            "judge.problems.preparation.resend-after=3s",
            "judge.problems.preparation.max-sends=2"
        })
@DirtiesContext(classMode = DirtiesContext.ClassMode.AFTER_CLASS)
class PreparationFairnessIT extends LiveApi {

    @Test
    void oneKeysVersionsAreSentOneAtATimeWhileAnotherKeysGoesAtOnce() throws Exception {
        Key busy = createSetterKey("busy");
        Key other = createSetterKey("other");

        long first = createValidated(busy);
        assertThat(preparationOf(first).problemId()).isEqualTo(first);
        long second = createValidated(busy);
        long others = createValidated(other);

        assertThat(preparationOf(others).problemId()).isEqualTo(others);
        assertThat(noPreparationOf(second, Duration.ofSeconds(2))).isTrue();
        prepared(first);
        assertThat(preparationOf(second).problemId()).isEqualTo(second);
    }

    @Test
    void aVersionWhoseWorkerSaysHowFarItGotIsNotSentAgainAndOneNeverHeardOfFailsAfterItsSends() throws Exception {
        Key setter = createSetterKey("heard");
        long problem = createValidated(setter);
        preparationOf(problem);

        // A worker's word every half second (as the result consumer records it): 5 s, past resend-after.
        Instant until = Instant.now().plusSeconds(5);
        boolean sentAgain = false;
        while (Instant.now().isBefore(until)) {
            jdbc.sql("update problem_version set preparation_progress = 'validating test 1 of 1', "
                            + "preparation_progress_at = now() where problem_id = ?")
                    .param(problem)
                    .update();
            sentAgain |= !noPreparationOf(problem, Duration.ofMillis(500));
        }
        assertThat(sentAgain).isFalse();
        assertThat(json.readTree(as(setter, problem))
                        .get("preparation")
                        .get("progress")
                        .asString())
                .isEqualTo("validating test 1 of 1");

        // Silence: sent once more (the second of its two sends), then failed.
        assertThat(preparationOf(problem).problemId()).isEqualTo(problem);
        Instant deadline = Instant.now().plusSeconds(15);
        String status = "PREPARING";
        while (status.equals("PREPARING") && Instant.now().isBefore(deadline)) {
            Thread.sleep(500);
            status = json.readTree(as(setter, problem))
                    .get("preparation")
                    .get("status")
                    .asString();
        }
        assertThat(status).isEqualTo("FAILED");
        assertThat(json.readTree(as(setter, problem))
                        .get("preparation")
                        .get("message")
                        .asString())
                .contains("2 times and heard nothing back");
    }

    private long createValidated(Key key) throws Exception {
        HttpResponse<String> created = send(as(
                key.secret(),
                request("/api/problems")
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString("""
                                {"title": "Validated", "timeLimitMs": 1000, "memoryLimitMb": 64,
                                 "validator": {"language": "python", "sourceCode": "import sys; sys.stdin.read()"},
                                 "testCases": [{"input": "1", "expectedOutput": "1"}]}"""))));
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        return json.readTree(created.body()).get("id").asLong();
    }

    private String as(Key key, long problem) throws Exception {
        return send(as(key.secret(), request("/api/problems/" + problem).GET())).body();
    }

    /** Whether no preparation of this problem is sent within {@code wait}; others' are taken and dropped. */
    private boolean noPreparationOf(long problemId, Duration wait) {
        Instant deadline = Instant.now().plus(wait);
        while (Instant.now().isBefore(deadline)) {
            if (rabbit.receiveAndConvert(JudgeQueues.PREPARATIONS, 200) instanceof ProblemPreparation sent
                    && sent.problemId() == problemId) {
                return false;
            }
        }
        return true;
    }
}
