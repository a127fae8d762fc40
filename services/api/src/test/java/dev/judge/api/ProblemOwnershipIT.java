package dev.judge.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.UUID;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import tools.jackson.databind.JsonNode;

/**
 * Problems belong to who made them, over real HTTP against the real database, with anonymous calls
 * off as in the chart: another tenant's problem, its hidden tests and its setters' code are out of
 * reach through every route that shows problem data, and a key that may only submit makes none.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT, properties = AccessIT.ADMIN_TOKEN_PROPERTY)
class ProblemOwnershipIT extends LiveApi {

    private static final String HIDDEN_ANSWER = "hidden-answer-42";
    private static final String CHECKER_SOURCE = "import sys; sys.exit(0)  # setter-secret";

    private String setter;
    private String rival;
    private String submitOnly;
    private long problemId;

    @BeforeEach
    void aSetterMakesAProblem() throws Exception {
        setter = createKey("setter", "[\"SUBMIT\", \"PROBLEMS\"]");
        rival = createKey("rival", "[\"SUBMIT\", \"PROBLEMS\"]");
        submitOnly = createKey("contestants", null);
        HttpResponse<String> created =
                send(as(setter, withJson(request("/api/problems")).POST(body(problem("private")))));
        assertThat(created.statusCode()).isEqualTo(201);
        assertThat(created.body()).contains(HIDDEN_ANSWER);
        problemId = json.readTree(created.body()).get("id").asLong();
        assertThat(json.readTree(created.body()).get("submitters").asString()).isEqualTo("OWNER");
        prepared(problemId);
    }

    @Test
    void aKeyThatMayOnlySubmitMakesNoProblem() throws Exception {
        long before = problems();
        HttpResponse<String> refused =
                send(as(submitOnly, withJson(request("/api/problems")).POST(body(problem("mine")))));
        assertThat(refused.statusCode()).isEqualTo(403);
        assertThat(refused.headers().firstValue("Content-Type")).hasValue("application/problem+json");
        assertThat(problems()).isEqualTo(before);
    }

    @Test
    void anotherTenantsPrivateProblemDoesNotExistForIt() throws Exception {
        for (String other : new String[] {rival, submitOnly}) {
            assertThat(send(as(other, request("/api/problems/" + problemId).GET()))
                            .statusCode())
                    .isEqualTo(404);
            assertThat(send(as(
                                    other,
                                    request("/api/problems/" + problemId + "?include=sources")
                                            .GET()))
                            .statusCode())
                    .isEqualTo(404);
            assertThat(send(as(
                                    other,
                                    request("/api/problems/" + problemId + "/tests")
                                            .GET()))
                            .statusCode())
                    .isEqualTo(404);
            assertThat(send(as(
                                    other,
                                    withJson(request("/api/problems/" + problemId))
                                            .PUT(body(problem("replaced")))))
                            .statusCode())
                    .isEqualTo(404);
            assertThat(send(as(
                                    other,
                                    request("/api/problems/" + problemId + "/tests")
                                            .header("Content-Type", "application/x-ndjson")
                                            .PUT(body("{\"input\": \"1\", \"expectedOutput\": \"1\"}\n"))))
                            .statusCode())
                    .isEqualTo(404);
            assertThat(send(as(other, withJson(request("/api/submissions")).POST(body(submission()))))
                            .statusCode())
                    .isEqualTo(422);
            HttpResponse<String> batch = send(as(
                    other,
                    withJson(request("/api/submissions/batch"))
                            .POST(body("{\"submissions\": [" + submission() + "]}"))));
            assertThat(batch.statusCode()).isEqualTo(422);
            assertThat(batch.body()).contains("submissions[0].problemId");
        }
        assertThat(version()).isEqualTo(1);
        assertThat(submissionsTo(problemId)).isZero();
    }

    @Test
    void aPublicProblemShowsOthersItsStatementAndTakesTheirSubmissionsButNeverItsTestsOrCode() throws Exception {
        assertThat(send(as(
                                setter,
                                withJson(request("/api/problems/" + problemId))
                                        .PUT(body(problem("public")
                                                .replace("\"title\"", "\"submitters\": \"PUBLIC\", \"title\"")))))
                        .statusCode())
                .isEqualTo(200);
        prepared(problemId);

        HttpResponse<String> statement =
                send(as(submitOnly, request("/api/problems/" + problemId).GET()));
        assertThat(statement.statusCode()).isEqualTo(200);
        JsonNode shown = json.readTree(statement.body());
        assertThat(shown.get("title").asString()).isEqualTo("public");
        assertThat(shown.has("testCases")).isFalse();
        assertThat(statement.body()).doesNotContain(HIDDEN_ANSWER).doesNotContain("setter-secret");

        assertThat(send(as(
                                submitOnly,
                                request("/api/problems/" + problemId + "?include=sources")
                                        .GET()))
                        .statusCode())
                .isEqualTo(403);
        assertThat(send(as(
                                rival,
                                request("/api/problems/" + problemId + "/tests").GET()))
                        .statusCode())
                .isEqualTo(403);
        assertThat(send(as(
                                rival,
                                withJson(request("/api/problems/" + problemId)).PUT(body(problem("replaced")))))
                        .statusCode())
                .isEqualTo(403);
        assertThat(version()).isEqualTo(2);

        assertThat(send(as(submitOnly, withJson(request("/api/submissions")).POST(body(submission()))))
                        .statusCode())
                .isEqualTo(202);
        assertThat(submissionsTo(problemId)).isEqualTo(1);
    }

    @Test
    void itsOwnerAndTheAdminSeeAndChangeEverything() throws Exception {
        for (String manager : new String[] {setter, AccessIT.ADMIN_TOKEN}) {
            HttpResponse<String> full = send(as(
                    manager,
                    request("/api/problems/" + problemId + "?include=sources").GET()));
            assertThat(full.statusCode()).isEqualTo(200);
            assertThat(full.body()).contains(HIDDEN_ANSWER, "setter-secret");
            HttpResponse<String> tests = send(
                    as(manager, request("/api/problems/" + problemId + "/tests").GET()));
            assertThat(tests.statusCode()).isEqualTo(200);
            assertThat(tests.body()).contains(HIDDEN_ANSWER);
        }
        assertThat(send(as(setter, withJson(request("/api/submissions")).POST(body(submission()))))
                        .statusCode())
                .isEqualTo(202);
        assertThat(send(as(
                                AccessIT.ADMIN_TOKEN,
                                withJson(request("/api/problems/" + problemId)).PUT(body(problem("edited")))))
                        .statusCode())
                .isEqualTo(200);
        assertThat(version()).isEqualTo(2);
    }

    private String createKey(String name, String scopes) throws Exception {
        HttpResponse<String> created = send(as(
                AccessIT.ADMIN_TOKEN,
                withJson(request("/api/keys"))
                        .POST(body("{\"name\": \"%s-%s\"%s}"
                                .formatted(
                                        name, UUID.randomUUID(), scopes == null ? "" : ", \"scopes\": " + scopes)))));
        assertThat(created.statusCode()).isEqualTo(201);
        return json.readTree(created.body()).get("key").asString();
    }

    private static String problem(String title) {
        return """
                {"title": "%s", "timeLimitMs": 1000, "memoryLimitMb": 128,
                 "checker": {"kind": "custom", "language": "python", "sourceCode": "%s"},
                 "testCases": [{"input": "1\\n", "expectedOutput": "%s\\n"}]}""".formatted(title, CHECKER_SOURCE, HIDDEN_ANSWER);
    }

    private String submission() {
        return "{\"problemId\": %d, \"language\": \"python\", \"sourceCode\": \"print(1)\"}".formatted(problemId);
    }

    private int version() {
        return jdbc.sql("select version from problem where id = ?")
                .param(problemId)
                .query(Integer.class)
                .single();
    }

    private long problems() {
        return jdbc.sql("select count(*) from problem").query(Long.class).single();
    }

    private long submissionsTo(long id) {
        return jdbc.sql("select count(*) from submission where problem_id = ?")
                .param(id)
                .query(Long.class)
                .single();
    }

    private static HttpRequest.Builder withJson(HttpRequest.Builder request) {
        return request.header("Content-Type", "application/json");
    }

    private static HttpRequest.BodyPublisher body(String text) {
        return HttpRequest.BodyPublishers.ofString(text);
    }
}
