package dev.judge.api;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;

import org.springframework.amqp.rabbit.core.RabbitTemplate;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import dev.judge.api.system.ManagementPort;
import dev.judge.contracts.JudgeQueues;
import dev.judge.contracts.ProblemPreparation;

/**
 * What the tests of the API over real HTTP share: the server on ports of its own, against the real
 * PostgreSQL and RabbitMQ that make test starts, and the database to check what was stored.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT, properties = "judge.access.anonymous=true")
abstract class LiveApi {

    @LocalServerPort
    int port;

    @Autowired
    ManagementPort managementPort;

    @Autowired
    JdbcClient jdbc;

    @Autowired
    JsonMapper json;

    @Autowired
    RabbitTemplate rabbit;

    HttpRequest.Builder request(String path) {
        return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path));
    }

    /** On the management port: the Actuator and the workers' /internal. */
    HttpRequest.Builder managementRequest(String path) {
        return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + managementPort.port() + path));
    }

    /**
     * On a connection of its own: a shared client reuses connections, and a refusal the server sends
     * before reading a request's body (a 401) may close the connection under the next request.
     */
    static HttpResponse<String> send(HttpRequest.Builder request) throws Exception {
        try (HttpClient http =
                HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()) {
            return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        }
    }

    /** A JSON body. */
    HttpResponse<String> post(String path, String body) throws Exception {
        return send(request(path)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)));
    }

    /** An API key of the tests' (made with {@link AccessIT#ADMIN_TOKEN}): its id and its secret. */
    record Key(UUID id, String secret) {}

    /** A key with these quotas, made by the admin (the context needs {@link AccessIT#ADMIN_TOKEN_PROPERTY}). */
    Key createKey(String name, int perMinute, int maxWaiting) throws Exception {
        HttpResponse<String> created = send(as(
                AccessIT.ADMIN_TOKEN,
                request("/api/keys")
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(
                                "{\"name\": \"%s\", \"perMinute\": %d, \"maxWaiting\": %d}"
                                        .formatted(name, perMinute, maxWaiting)))));
        if (created.statusCode() != 201) {
            throw new AssertionError("Creating a key: " + created.statusCode() + " " + created.body());
        }
        JsonNode body = json.readTree(created.body());
        return new Key(
                UUID.fromString(body.get("id").asString()), body.get("key").asString());
    }

    static HttpRequest.Builder as(String token, HttpRequest.Builder request) {
        return request.header("Authorization", "Bearer " + token);
    }

    /** A plain problem (one test, no setter programs), ready for submissions; its id. */
    long plainProblem() throws Exception {
        HttpResponse<String> created = post("/api/problems", """
                {"title": "Plain", "timeLimitMs": 1000, "memoryLimitMb": 64,
                 "testCases": [{"input": "1", "expectedOutput": "1"}]}""");
        if (created.statusCode() != 201) {
            throw new AssertionError("Creating a problem: " + created.statusCode() + " " + created.body());
        }
        return json.readTree(created.body()).get("id").asLong();
    }

    HttpResponse<String> get(String path) throws Exception {
        return send(request(path).GET());
    }

    /** The preparation of this problem from the queue, as a worker takes it; others' (of other tests) are taken and dropped. */
    ProblemPreparation preparationOf(long problemId) {
        Instant deadline = Instant.now().plus(Duration.ofSeconds(10));
        while (Instant.now().isBefore(deadline)) {
            if (rabbit.receiveAndConvert(JudgeQueues.PREPARATIONS, 1000) instanceof ProblemPreparation sent
                    && sent.problemId() == problemId) {
                return sent;
            }
        }
        throw new AssertionError("No preparation of problem " + problemId + " was sent");
    }

    /**
     * Records the problem's versions as prepared, as the result consumer does once a worker has built
     * their setter programs: this tier runs neither (tests/e2e does).
     */
    void prepared(long problemId) {
        jdbc.sql("update problem_version set status = 'READY' where problem_id = ? and status = 'PREPARING'")
                .param(problemId)
                .update();
    }
}
