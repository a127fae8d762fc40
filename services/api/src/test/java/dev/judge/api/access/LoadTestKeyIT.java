package dev.judge.api.access;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The load tests' key, as the chart configures it (anonymous calls off): it finds the problem the API
 * made for it and submits to it, with the quotas configured for it, makes no problem (it may only
 * submit), and is revoked when the setting goes away.
 */
@SpringBootTest(
        webEnvironment = WebEnvironment.RANDOM_PORT,
        properties = {
            "judge.access.admin-token=" + LoadTestKeyIT.ADMIN,
            "judge.access.load-test.key=" + LoadTestKeyIT.KEY,
            "judge.access.load-test.per-minute=12345",
            "judge.access.load-test.max-waiting=2345"
        })
class LoadTestKeyIT {

    static final String ADMIN = "load-test-admin";
    static final String KEY = "jk_load_for_tests";

    @LocalServerPort
    int port;

    @Autowired
    JsonMapper json;

    @Autowired
    AccessProperties properties;

    @Autowired
    ApiKeyRepository keys;

    @Autowired
    Callers callers;

    @Test
    void theKeyFindsTheProblemMadeForItAndSubmitsWithItsOwnQuotasButMakesNone() throws Exception {
        JsonNode problems = json.readTree(
                send(HttpRequest.newBuilder(uri("/api/problems")).header("Authorization", "Bearer " + KEY))
                        .body());
        JsonNode problem = problems.get("problems").get(0);
        assertThat(problem.get("title").asString()).isEqualTo("Sum (load test)");
        assertThat(problem.get("status").asString()).isEqualTo("READY");
        HttpResponse<String> submitted = post(
                "/api/submissions",
                KEY,
                "{\"problemId\": %d, \"language\": \"python\", \"sourceCode\": \"print(3)\"}"
                        .formatted(problem.get("id").asLong()));
        assertThat(submitted.statusCode()).as(submitted.body()).isEqualTo(202);
        assertThat(submitted.headers().firstValue("RateLimit-Policy").orElseThrow())
                .contains("q=12345")
                .contains("q=2345");
        HttpResponse<String> made = post("/api/problems", KEY, """
                {"title": "Sum", "timeLimitMs": 1000, "memoryLimitMb": 128,
                 "testCases": [{"input": "1 2\\n", "expectedOutput": "3\\n"}]}""");
        assertThat(made.statusCode()).as(made.body()).isEqualTo(403);

        JsonNode listed =
                json.readTree(send(HttpRequest.newBuilder(uri("/api/keys")).header("Authorization", "Bearer " + ADMIN))
                        .body());
        assertThat(listed.findParents("name").stream()
                        .filter(key -> key.get("name").asString().equals(LoadTestKey.NAME)))
                .singleElement()
                .satisfies(key -> assertThat(key.get("id").asString()).isEqualTo(LoadTestKey.ID.toString()));
    }

    @Test
    void aStartWithoutTheKeyRevokesIt() throws Exception {
        AccessProperties withoutKey = new AccessProperties(
                properties.anonymous(),
                properties.adminToken(),
                properties.keyCacheTtl(),
                properties.defaultPerMinute(),
                properties.defaultMaxWaiting(),
                properties.keyNamesInMetrics(),
                properties.webhookSecretOverlap(),
                new AccessProperties.LoadTest("", 1, 1));
        try {
            new LoadTestKey(withoutKey, keys).run(null);
            callers.forgetAll();
            assertThat(post("/api/problems", KEY, "{}").statusCode()).isEqualTo(401);
        } finally {
            new LoadTestKey(properties, keys).run(null);
            callers.forgetAll(); // this replica remembered the key as unknown
        }
        assertThat(post("/api/problems", KEY, "{}").statusCode())
                .as("made again on the next start")
                .isEqualTo(400);
    }

    private URI uri(String path) {
        return URI.create("http://127.0.0.1:" + port + path);
    }

    private HttpResponse<String> post(String path, String key, String body) throws Exception {
        return send(HttpRequest.newBuilder(uri(path))
                .header("Authorization", "Bearer " + key)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)));
    }

    private static HttpResponse<String> send(HttpRequest.Builder request) throws Exception {
        try (HttpClient http =
                HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()) {
            return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        }
    }
}
