package dev.judge.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.IntStream;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import tools.jackson.databind.JsonNode;

import dev.judge.api.access.Quotas;

/**
 * Keys, ownership and quotas over real HTTP against the real database, with anonymous calls off as
 * in the chart. Every refusal must be a problem document and store nothing.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT, properties = AccessIT.ADMIN_TOKEN_PROPERTY)
class AccessIT extends LiveApi {

    static final String ADMIN_TOKEN = "admin-token-for-tests";
    static final String ADMIN_TOKEN_PROPERTY = "judge.access.admin-token=" + ADMIN_TOKEN;
    private static final String SOURCE = "print(int(input()) * 2)";

    @Value("${spring.datasource.url}")
    String databaseUrl;

    @Value("${spring.rabbitmq.port}")
    int rabbitPort;

    private long problemId;

    @BeforeEach
    void createProblem() throws Exception {
        HttpResponse<String> created = send(as(
                ADMIN_TOKEN,
                request("/api/problems")
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString("""
                        {"title": "Double", "timeLimitMs": 1000, "memoryLimitMb": 128, "submitters": "PUBLIC",
                         "testCases": [{"input": "2\\n", "expectedOutput": "4\\n"}]}"""))));
        assertThat(created.statusCode()).isEqualTo(201);
        problemId = json.readTree(created.body()).get("id").asLong();
    }

    @Test
    void refusesCallsWithoutAKeyOrWithAnUnknownOneButListsLanguagesToAnyone() throws Exception {
        long before = submissions();
        HttpResponse<String> anonymous = post("/api/submissions", submission());
        assertThat(anonymous.statusCode()).isEqualTo(401);
        assertThat(anonymous.headers().firstValue("WWW-Authenticate"))
                .hasValueSatisfying(challenge -> assertThat(challenge).startsWith("Bearer"));
        assertThat(anonymous.headers().firstValue("Content-Type")).hasValue("application/problem+json");

        assertThat(send(as("judge_not-a-key", submitRequest(submission()))).statusCode())
                .isEqualTo(401);
        assertThat(get("/api/problems/" + problemId).statusCode()).isEqualTo(401);
        assertThat(get("/api/languages").statusCode()).isEqualTo(200);
        assertThat(submissions()).isEqualTo(before);
    }

    @Test
    void onlyTheAdminMakesListsAndRevokesKeysAndOnlyHashesAreStored() throws Exception {
        Key key = createKey("platform", 100, 100);
        assertThat(key.secret()).startsWith("judge_");
        assertThat(jdbc.sql("select count(*) from api_key where secret_sha256 = sha256(convert_to(?, 'UTF8'))")
                        .param(key.secret())
                        .query(Integer.class)
                        .single())
                .isEqualTo(1);
        assertThat(jdbc.sql("select count(*) from api_key where encode(secret_sha256, 'escape') like ?")
                        .param("%" + key.secret() + "%")
                        .query(Integer.class)
                        .single())
                .isZero();

        HttpResponse<String> byKey = send(as(
                key.secret(),
                request("/api/keys")
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString("{\"name\": \"mine\"}"))));
        assertThat(byKey.statusCode()).isEqualTo(403);
        assertThat(send(as("wrong-admin-token", request("/api/keys").GET())).statusCode())
                .isEqualTo(401);

        JsonNode listed =
                json.readTree(send(as(ADMIN_TOKEN, request("/api/keys").GET())).body());
        assertThat(listed.toString()).contains(key.id().toString()).doesNotContain(key.secret());

        assertThat(send(as(ADMIN_TOKEN, request("/api/keys/" + key.id()).DELETE()))
                        .statusCode())
                .isEqualTo(204);
        assertThat(send(as(key.secret(), submitRequest(submission()))).statusCode())
                .isEqualTo(401);
        assertThat(send(as(
                                ADMIN_TOKEN,
                                request("/api/keys/" + UUID.randomUUID()).DELETE()))
                        .statusCode())
                .isEqualTo(404);
    }

    @Test
    void aKeySeesOnlyItsOwnSubmissionsAndTheAdminSeesAll() throws Exception {
        Key mine = createKey("mine", 100, 100);
        Key theirs = createKey("theirs", 100, 100);
        HttpResponse<String> accepted = send(as(mine.secret(), submitRequest(submission())));
        UUID id = idOf(accepted);
        UUID other = idOf(send(as(theirs.secret(), submitRequest(submission()))));

        assertThat(jdbc.sql("select api_key_id from submission where id = ?")
                        .param(id)
                        .query(UUID.class)
                        .single())
                .isEqualTo(mine.id());
        assertThat(send(as(theirs.secret(), request("/api/submissions/" + id).GET()))
                        .statusCode())
                .isEqualTo(404);
        assertThat(send(as(
                                theirs.secret(),
                                request("/api/submissions/" + id + "/events").GET()))
                        .statusCode())
                .isEqualTo(404);
        assertThat(send(as(
                                ADMIN_TOKEN,
                                request("/api/submissions?ids=" + id + "," + other)
                                        .GET()))
                        .body())
                .contains(id.toString(), other.toString());
        // As a polite client: back when Retry-After says (sooner would be answered 429).
        Thread.sleep(1000
                * Long.parseLong(accepted.headers().firstValue("Retry-After").orElseThrow()));
        assertThat(send(as(mine.secret(), request("/api/submissions/" + id).GET()))
                        .statusCode())
                .isEqualTo(200);

        JsonNode many = json.readTree(send(as(
                        mine.secret(),
                        request("/api/submissions?ids=" + other + "," + id + "," + UUID.randomUUID())
                                .GET()))
                .body());
        assertThat(many.get("submissions")).hasSize(1);
        assertThat(many.get("submissions").get(0).get("id").asString()).isEqualTo(id.toString());
    }

    @Test
    void aKeyOverItsPerMinuteQuotaGets429WithRateLimitFieldsAndNothingIsStored() throws Exception {
        Key key = createKey("small", 3, 100);
        for (int left = 2; left >= 0; left--) {
            HttpResponse<String> accepted = send(as(key.secret(), submitRequest(submission())));
            assertThat(accepted.statusCode()).isEqualTo(202);
            assertThat(accepted.headers().firstValue("RateLimit").orElseThrow())
                    .startsWith("\"per-minute\";r=" + left + ";t=");
        }

        HttpResponse<String> refused = send(as(key.secret(), submitRequest(submission())));
        assertThat(refused.statusCode()).isEqualTo(429);
        assertThat(refused.headers().firstValue("Content-Type")).hasValue("application/problem+json");
        assertThat(Long.parseLong(refused.headers().firstValue("Retry-After").orElseThrow()))
                .isBetween(1L, 60L);
        assertThat(refused.headers().firstValue("RateLimit-Policy"))
                .hasValue("\"per-minute\";q=3;w=60, \"waiting\";q=100;qu=\"concurrent-requests\"");
        assertThat(refused.headers().firstValue("RateLimit"))
                .hasValueSatisfying(state -> assertThat(state).startsWith("\"per-minute\";r=0;"));
        assertThat(json.readTree(refused.body()).get("quota").asString()).isEqualTo("per-minute");
        assertThat(submissionsOf(key)).isEqualTo(3);
    }

    /** A run on several inputs is as many runs as inputs: it had counted once (20 runs for one place). */
    @Test
    void aRunOnSeveralInputsCountsEachAgainstThePerMinuteQuota() throws Exception {
        Key key = createKey("inputs", 5, 100);
        String threeInputs =
                "{\"language\": \"python\", \"sourceCode\": \"print(input())\", \"stdins\": [\"1\", \"2\", \"3\"]}";

        HttpResponse<String> accepted = send(as(key.secret(), submitRequest(threeInputs)));
        assertThat(accepted.statusCode()).isEqualTo(202);
        assertThat(accepted.headers().firstValue("RateLimit").orElseThrow()).startsWith("\"per-minute\";r=2;t=");

        HttpResponse<String> refused = send(as(key.secret(), submitRequest(threeInputs)));
        assertThat(refused.statusCode()).isEqualTo(429);
        assertThat(json.readTree(refused.body()).get("quota").asString()).isEqualTo("per-minute");
        assertThat(json.readTree(refused.body()).get("detail").asString()).contains("3 runs");
        assertThat(send(as(key.secret(), submitRequest(run("4")))).statusCode()).isEqualTo(202);
        assertThat(jdbc.sql("select window_count || ' ' || waiting from api_key where id = ?")
                        .param(key.id())
                        .query(String.class)
                        .single())
                .as("runs counted per minute, submissions waiting")
                .isEqualTo("4 2");
    }

    /** Unpacking costs what the zip holds: a key over its quota is refused first (its zips had been unpacked, then 429). */
    @Test
    void aKeyOverItsQuotaIsRefusedBeforeItsOutputsZipIsUnpacked() throws Exception {
        Key key = createKey("zipper", 1, 100);
        assertThat(send(as(key.secret(), submitRequest(run("1")))).statusCode()).isEqualTo(202);

        HttpResponse<String> refused = send(as(
                key.secret(),
                request("/api/submissions/outputs?problemId=" + problemId)
                        .header("Content-Type", "application/zip")
                        .POST(HttpRequest.BodyPublishers.ofByteArray("not a zip".getBytes(StandardCharsets.UTF_8)))));

        assertThat(refused.statusCode()).as(refused.body()).isEqualTo(429);
        assertThat(json.readTree(refused.body()).get("quota").asString()).isEqualTo("per-minute");
        assertThat(submissionsOf(key)).isEqualTo(1);
    }

    @Test
    void aKeyWithTooManyWaitingGets429UntilAVerdictMakesRoom() throws Exception {
        Key key = createKey("patient", 100, 2);
        send(as(key.secret(), submitRequest(submission())));
        send(as(key.secret(), submitRequest(submission())));

        HttpResponse<String> refused = send(as(key.secret(), submitRequest(submission())));
        assertThat(refused.statusCode()).isEqualTo(429);
        assertThat(json.readTree(refused.body()).get("quota").asString()).isEqualTo("waiting");
        assertThat(refused.headers().firstValue("RateLimit"))
                .hasValueSatisfying(state -> assertThat(state).endsWith("\"waiting\";r=0"));
        assertThat(submissionsOf(key)).isEqualTo(2);
    }

    @Test
    void aRefusedSubmissionGivesItsPlaceBack() throws Exception {
        Key key = createKey("careless", 100, 100);
        HttpResponse<String> unknownProblem = send(as(
                key.secret(),
                submitRequest("{\"problemId\": 999999999, \"language\": \"python\", \"sourceCode\": \"print(1)\"}")));

        assertThat(unknownProblem.statusCode()).isEqualTo(422);
        assertThat(jdbc.sql("select waiting + window_count from api_key where id = ?")
                        .param(key.id())
                        .query(Integer.class)
                        .single())
                .isZero();
    }

    @Test
    void recountsTheWaitingPlacesOfIdleKeysOnly(@Autowired Quotas quotas) throws Exception {
        Key idle = createKey("idle", 100, 100);
        Key busy = createKey("busy", 100, 100);
        send(as(idle.secret(), submitRequest(submission())));
        // As an API that died between reserving and storing would leave them: places nothing holds.
        jdbc.sql(
                        "update api_key set waiting = waiting + 3, last_reserved_at = now() - interval '10 minutes' where id = ?")
                .param(idle.id())
                .update();
        jdbc.sql("update api_key set waiting = 3, last_reserved_at = now() where id = ?")
                .param(busy.id())
                .update();

        quotas.recountIdleKeys();

        assertThat(jdbc.sql("select waiting from api_key where id = ?")
                        .param(idle.id())
                        .query(Integer.class)
                        .single())
                .isEqualTo(1);
        assertThat(jdbc.sql("select waiting from api_key where id = ?")
                        .param(busy.id())
                        .query(Integer.class)
                        .single())
                .isEqualTo(3);
    }

    @Test
    void refusesCallbacksToInternalAddressesOrOtherSchemesAndStoresNothing() throws Exception {
        Key key = createKey("hooks", 100, 100);
        for (String url : List.of(
                "http://127.0.0.1:8080/hook",
                "http://localhost/hook",
                "http://169.254.169.254/latest/meta-data",
                "http://10.1.2.3/hook",
                "http://[::1]/hook",
                "http://[fd00::1]/hook",
                "ftp://example.com/hook",
                "not a url")) {
            HttpResponse<String> refused = send(as(
                    key.secret(),
                    submitRequest(
                            "{\"problemId\": %d, \"language\": \"python\", \"sourceCode\": \"print(1)\", \"callbackUrl\": \"%s\"}"
                                    .formatted(problemId, url))));
            assertThat(refused.statusCode()).as(url).isEqualTo(422);
            assertThat(json.readTree(refused.body()).get("title").asString())
                    .as(url)
                    .isEqualTo("Callback refused");
        }
        HttpResponse<String> batch = send(as(
                key.secret(),
                batchRequest(
                        submission(),
                        "{\"problemId\": %d, \"language\": \"python\", \"sourceCode\": \"x\", \"callbackUrl\": \"http://192.168.1.1/\"}"
                                .formatted(problemId))));
        assertThat(batch.statusCode()).isEqualTo(422);
        assertThat(batch.body()).contains("submissions[1].callbackUrl");
        assertThat(submissionsOf(key)).isZero();
    }

    /** A callback's host is looked up only within the key's quota: a key over it gets no lookup done for it. */
    @Test
    void aKeyOverItsQuotaIsRefusedBeforeItsCallbackHostIsLookedUp() throws Exception {
        Key key = createKey("quota-first", 1, 100);
        assertThat(send(as(key.secret(), submitRequest(submission()))).statusCode())
                .isEqualTo(202);
        HttpResponse<String> over = send(as(
                key.secret(),
                submitRequest(
                        "{\"problemId\": %d, \"language\": \"python\", \"sourceCode\": \"print(1)\", \"callbackUrl\": \"http://localhost/hook\"}"
                                .formatted(problemId))));
        assertThat(over.statusCode()).isEqualTo(429);
        assertThat(submissionsOf(key)).isEqualTo(1);
    }

    @Test
    void quotasHoldAcrossTwoApiReplicas() throws Exception {
        Key key = createKey("burst", 25, 1000);
        try (ConfigurableApplicationContext second = new SpringApplicationBuilder(ApiApplication.class)
                .properties(
                        "server.port=0",
                        ADMIN_TOKEN_PROPERTY,
                        "spring.datasource.url=" + databaseUrl,
                        "spring.rabbitmq.port=" + rabbitPort)
                .run()) {
            int secondPort =
                    ((WebServerApplicationContext) second).getWebServer().getPort();
            HttpClient http = HttpClient.newHttpClient();
            List<Callable<Integer>> calls = IntStream.range(0, 40)
                    .<Callable<Integer>>mapToObj(i -> () -> http.send(
                                    as(
                                                    key.secret(),
                                                    HttpRequest.newBuilder(URI.create("http://127.0.0.1:"
                                                                    + (i % 2 == 0 ? port : secondPort)
                                                                    + "/api/submissions"))
                                                            .header("Content-Type", "application/json")
                                                            .POST(HttpRequest.BodyPublishers.ofString(submission())))
                                            .build(),
                                    HttpResponse.BodyHandlers.discarding())
                            .statusCode())
                    .toList();
            List<Integer> statuses = new ArrayList<>();
            try (ExecutorService clients = Executors.newFixedThreadPool(20)) {
                for (Future<Integer> status : clients.invokeAll(calls)) {
                    statuses.add(status.get());
                }
            }
            assertThat(statuses).filteredOn(status -> status == 202).hasSize(25);
            assertThat(statuses).filteredOn(status -> status == 429).hasSize(15);
            assertThat(submissionsOf(key)).isEqualTo(25);
        }
    }

    @Test
    void acceptsABatchInOrderOrNoneOfIt() throws Exception {
        Key key = createKey("batch", 5, 100);
        HttpResponse<String> accepted = send(as(key.secret(), batchRequest(submission(), run("a"), submission())));
        assertThat(accepted.statusCode()).isEqualTo(202);
        List<UUID> ids = new ArrayList<>();
        json.readTree(accepted.body())
                .get("submissions")
                .forEach(view -> ids.add(UUID.fromString(view.get("id").asString())));
        assertThat(ids).hasSize(3);
        assertThat(jdbc.sql("select problem_id is null from submission where id = ?")
                        .param(ids.get(1))
                        .query(Boolean.class)
                        .single())
                .isTrue();
        JsonNode read = json.readTree(send(as(
                                key.secret(),
                                request("/api/submissions?ids=" + ids.get(2) + "," + ids.get(0))
                                        .GET()))
                        .body())
                .get("submissions");
        assertThat(List.of(
                        read.get(0).get("id").asString(), read.get(1).get("id").asString()))
                .containsExactly(ids.get(2).toString(), ids.get(0).toString());

        HttpResponse<String> invalid = send(as(
                key.secret(),
                batchRequest(
                        submission(),
                        "{\"problemId\": 999999999, \"language\": \"python\", \"sourceCode\": \"print(1)\"}",
                        "{\"problemId\": %d, \"language\": \"forth\", \"sourceCode\": \"x\"}".formatted(problemId))));
        assertThat(invalid.statusCode()).isEqualTo(422);
        assertThat(invalid.body())
                .contains("submissions[1].problemId", "submissions[2].language")
                .doesNotContain("submissions[0]");

        HttpResponse<String> malformed =
                send(as(key.secret(), batchRequest(submission(), "{\"language\": \"python\"}")));
        assertThat(malformed.statusCode()).isEqualTo(400);
        assertThat(malformed.body()).contains("submissions[1]");

        // 3 stored and 2 left this minute: a batch of 3 is refused whole.
        assertThat(send(as(key.secret(), batchRequest(submission(), submission(), submission())))
                        .statusCode())
                .isEqualTo(429);
        String tooMany = String.join(",", Collections.nCopies(101, submission()));
        assertThat(send(as(key.secret(), batchRequest(tooMany))).statusCode()).isEqualTo(400);
        assertThat(submissionsOf(key)).isEqualTo(3);
    }

    private HttpRequest.Builder submitRequest(String body) {
        return request("/api/submissions")
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body));
    }

    private HttpRequest.Builder batchRequest(String... submissions) {
        return request("/api/submissions/batch")
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(
                        "{\"submissions\": [" + String.join(",", submissions) + "]}"));
    }

    private String submission() {
        return "{\"problemId\": %d, \"language\": \"python\", \"sourceCode\": \"%s\"}".formatted(problemId, SOURCE);
    }

    private static String run(String stdin) {
        return "{\"language\": \"python\", \"sourceCode\": \"print(input())\", \"stdin\": \"%s\"}".formatted(stdin);
    }

    private UUID idOf(HttpResponse<String> accepted) {
        assertThat(accepted.statusCode()).isEqualTo(202);
        return UUID.fromString(json.readTree(accepted.body()).get("id").asString());
    }

    private long submissions() {
        return jdbc.sql("select count(*) from submission").query(Long.class).single();
    }

    private long submissionsOf(Key key) {
        return jdbc.sql("select count(*) from submission where api_key_id = ?")
                .param(key.id())
                .query(Long.class)
                .single();
    }
}
