package dev.judge.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.waitAtMost;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.amqp.rabbit.core.RabbitTemplate;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import tools.jackson.databind.JsonNode;

import dev.judge.contracts.JudgeRequest;
import dev.judge.contracts.Lane;

/**
 * Lanes and rejudges over real HTTP, the real database and the real broker: each submission's
 * request message must reach its lane's queue, and a rejudge must keep what was judged before.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT, properties = AccessIT.ADMIN_TOKEN_PROPERTY)
class LanesAndRejudgeIT extends LiveApi {

    @Autowired
    RabbitTemplate rabbit;

    private long problemId;

    @BeforeEach
    void createProblem() throws Exception {
        HttpResponse<String> created = send(admin(request("/api/problems")
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(problem("4")))));
        assertThat(created.statusCode()).isEqualTo(201);
        problemId = json.readTree(created.body()).get("id").asLong();
    }

    @Test
    void aSubmissionGoesToItsKeysDefaultLaneOrTheLaneItNamesIfTheKeyAllowsIt() throws Exception {
        String key = createKey(
                "{\"name\": \"contest-site\", \"lane\": \"CONTEST\", \"lanes\": [\"PRACTICE\", \"CONTEST\"]}");

        UUID byDefault = idOf(send(as(key, submit(submission(null)))));
        UUID named = idOf(send(as(key, submit(submission("PRACTICE")))));
        assertThat(laneOf(byDefault)).isEqualTo("CONTEST");
        assertThat(laneOf(named)).isEqualTo("PRACTICE");
        assertThat(awaitRequest(Lane.CONTEST, byDefault).judgement()).isEqualTo(1);
        awaitRequest(Lane.PRACTICE, named);

        long before = submissions();
        HttpResponse<String> refused = send(as(key, submit(submission("REJUDGE"))));
        assertThat(refused.statusCode()).isEqualTo(403);
        assertThat(refused.headers().firstValue("Content-Type")).hasValue("application/problem+json");
        assertThat(json.readTree(refused.body()).get("lane").asString()).isEqualTo("REJUDGE");
        HttpResponse<String> batch = send(as(
                key,
                request("/api/submissions/batch")
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(
                                "{\"submissions\": [%s, %s]}".formatted(submission(null), submission("REJUDGE"))))));
        assertThat(batch.statusCode()).isEqualTo(422);
        assertThat(batch.body()).contains("submissions[1].lane");
        assertThat(submissions()).isEqualTo(before);
    }

    @Test
    void aKeysLanesMustIncludeItsDefaultLane() throws Exception {
        HttpResponse<String> refused = send(admin(request("/api/keys")
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(
                        "{\"name\": \"odd\", \"lane\": \"CONTEST\", \"lanes\": [\"PRACTICE\"]}"))));
        assertThat(refused.statusCode()).isEqualTo(400);
        String practiceOnly = createKey("{\"name\": \"practice-site\"}");
        HttpResponse<String> listed = send(admin(request("/api/keys")));
        assertThat(listed.body()).contains("\"lane\":\"PRACTICE\",\"lanes\":[\"PRACTICE\"]");
        assertThat(send(as(practiceOnly, submit(submission("CONTEST")))).statusCode())
                .isEqualTo(403);
    }

    @Test
    void aRejudgeQueuesEverySubmissionOfTheProblemAgainstItsNewestVersionAndKeepsTheEarlierVerdicts() throws Exception {
        String key = createKey("{\"name\": \"rejudged\"}");
        UUID first = idOf(send(as(key, submit(submission(null)))));
        UUID second = idOf(send(as(key, submit(submission(null)))));
        awaitRequest(Lane.PRACTICE, first);
        awaitRequest(Lane.PRACTICE, second);
        // As the result consumer records verdicts: the first judged, the second not yet.
        jdbc.sql(
                        "update submission set status = 'FINISHED', verdict = 'WRONG_ANSWER', finished_at = now() where id = ?")
                .param(first)
                .update();
        assertThat(send(admin(request("/api/problems/" + problemId)
                                .header("Content-Type", "application/json")
                                .PUT(HttpRequest.BodyPublishers.ofString(problem("5")))))
                        .statusCode())
                .isEqualTo(200);

        assertThat(send(as(key, rejudge(problemId))).statusCode()).isEqualTo(403);
        assertThat(send(admin(rejudge(999_999_999))).statusCode()).isEqualTo(404);
        HttpResponse<String> started = send(admin(rejudge(problemId)));

        assertThat(started.statusCode()).isEqualTo(202);
        assertThat(json.readTree(started.body()).get("problemVersion").asInt()).isEqualTo(2);
        assertThat(json.readTree(started.body()).get("submissions").asInt()).isEqualTo(2);
        // Each API replica learns of the change from the database's notification, as of a verdict.
        AtomicReference<JsonNode> seen = new AtomicReference<>();
        waitAtMost(Duration.ofSeconds(10)).until(() -> {
            seen.set(json.readTree(
                    send(as(key, request("/api/submissions/" + first))).body()));
            return seen.get().get("judgement").asInt() == 2;
        });
        JsonNode now = seen.get();
        assertThat(now.get("status").asString()).isEqualTo("QUEUED");
        assertThat(now.get("lane").asString()).isEqualTo("REJUDGE");
        assertThat(now.get("problemVersion").asInt()).isEqualTo(2);
        assertThat(now.has("verdict")).isFalse();
        JsonNode history = json.readTree(send(as(key, request("/api/submissions/" + first + "/judgements")))
                        .body())
                .get("judgements");
        assertThat(history).hasSize(1);
        assertThat(history.get(0).get("judgement").asInt()).isEqualTo(1);
        assertThat(history.get(0).get("verdict").asString()).isEqualTo("WRONG_ANSWER");
        assertThat(history.get(0).get("problemVersion").asInt()).isEqualTo(1);

        JudgeRequest requeued = awaitRequest(Lane.REJUDGE, first);
        assertThat(requeued.judgement()).isEqualTo(2);
        assertThat(requeued.testCases())
                .singleElement()
                .satisfies(test -> assertThat(test.expectedOutput()).isEqualTo("5\n"));
        assertThat(awaitRequest(Lane.REJUDGE, second).judgement()).isEqualTo(2);

        // Another key reads neither the submission nor its history.
        String other = createKey("{\"name\": \"other\"}");
        assertThat(send(as(other, request("/api/submissions/" + first + "/judgements")))
                        .statusCode())
                .isEqualTo(404);
    }

    /** Takes messages off the lane's queue until this submission's request (the queue is shared by the tests). */
    private String createKey(String body) throws Exception {
        HttpResponse<String> created = send(admin(request("/api/keys")
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body))));
        assertThat(created.statusCode()).isEqualTo(201);
        return json.readTree(created.body()).get("key").asString();
    }

    private HttpRequest.Builder submit(String body) {
        return request("/api/submissions")
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body));
    }

    private HttpRequest.Builder rejudge(long problem) {
        return request("/api/problems/" + problem + "/rejudge").POST(HttpRequest.BodyPublishers.noBody());
    }

    private String submission(String lane) {
        return "{\"problemId\": %d, \"language\": \"python\", \"sourceCode\": \"print(4)\"%s}"
                .formatted(problemId, lane == null ? "" : ", \"lane\": \"" + lane + "\"");
    }

    private static String problem(String answer) {
        return """
                {"title": "Four", "timeLimitMs": 1000, "memoryLimitMb": 128, "submitters": "PUBLIC",
                 "testCases": [{"input": "", "expectedOutput": "%s\\n"}]}""".formatted(answer);
    }

    private static HttpRequest.Builder admin(HttpRequest.Builder request) {
        return as(AccessIT.ADMIN_TOKEN, request);
    }

    private UUID idOf(HttpResponse<String> accepted) {
        assertThat(accepted.statusCode()).isEqualTo(202);
        return UUID.fromString(json.readTree(accepted.body()).get("id").asString());
    }

    private String laneOf(UUID id) {
        return jdbc.sql("select lane from submission where id = ?")
                .param(id)
                .query(String.class)
                .single();
    }

    private long submissions() {
        return jdbc.sql("select count(*) from submission").query(Long.class).single();
    }
}
