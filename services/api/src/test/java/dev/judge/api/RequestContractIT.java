package dev.judge.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Every input gets a deliberate answer, over real HTTP on the real server (Jetty, its error handler,
 * the filters) and the real database: text is kept as sent or refused with a reason, and anything
 * malformed is a 4xx problem document with nothing stored. How JSON is typed: ProblemControllerTests.
 */
class RequestContractIT extends LiveApi {

    /** Every control character a test's data might carry, NUL first. */
    private static final String CONTROL = "a\u0000b\u0001\u0007\b\t\r\n\u000b\f\u001b\u001f\u007f\u0085\u2028z";

    @Test
    void keepsTestDataAndStdinByteExactNulIncluded() throws Exception {
        HttpResponse<String> created = post("/api/problems", problem("\"Control\"", json.writeValueAsString(CONTROL)));
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        long id = json.readTree(created.body()).get("id").asLong();

        JsonNode testCase = json.readTree(get("/api/problems/" + id).body())
                .get("testCases")
                .get(0);
        assertThat(testCase.get("input").asString()).isEqualTo(CONTROL);
        assertThat(testCase.get("expectedOutput").asString()).isEqualTo(CONTROL);
        assertThat(jdbc.sql("select input from test_case where problem_id = ?")
                        .param(id)
                        .query(byte[].class)
                        .single())
                .isEqualTo(CONTROL.getBytes(StandardCharsets.UTF_8));

        HttpResponse<String> run = post(
                "/api/submissions",
                "{\"language\": \"python\", \"sourceCode\": \"print(input())\", \"stdin\": %s}"
                        .formatted(json.writeValueAsString(CONTROL)));
        assertThat(run.statusCode()).as(run.body()).isEqualTo(202);
        String runId = json.readTree(run.body()).get("id").asString();
        assertThat(jdbc.sql("select stdin from submission where id = cast(? as uuid)")
                        .param(runId)
                        .query(byte[].class)
                        .single())
                .isEqualTo(CONTROL.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void refusesNulInSourceAndTitleAndSaysWhy() throws Exception {
        long problems = count("problem");
        long submissions = count("submission");
        assertProblem(post("/api/problems", problem("\"Sum\\u0000\"", "\"1\"")), 400, "no NUL");
        assertProblem(
                post(
                        "/api/submissions",
                        "{\"language\": \"python\", \"sourceCode\": \"print(1)\\u0000\", \"stdin\": \"\"}"),
                400,
                "no NUL");
        assertThat(count("problem")).isEqualTo(problems);
        assertThat(count("submission")).isEqualTo(submissions);
    }

    @Test
    void refusesUnpairedSurrogatesWhichHaveNoUtf8Form() throws Exception {
        long problems = count("problem");
        assertProblem(post("/api/problems", problem("\"Sum\"", "\"\\ud800\"")), 400, "unpaired surrogate (U+D800)");
        assertProblem(
                post(
                        "/api/submissions",
                        "{\"language\": \"python\", \"sourceCode\": \"print(1)\", \"stdin\": \"x\\udc00\"}"),
                400,
                "unpaired surrogate");
        assertThat(count("problem")).isEqualTo(problems);
        // A pair is one character, and fine.
        assertThat(post("/api/problems", problem("\"Sum \\ud83d\\ude00\"", "\"\\ud83d\\ude00\""))
                        .statusCode())
                .isEqualTo(201);
    }

    @Test
    void answersOtherContentTypesWith415() throws Exception {
        for (String contentType : new String[] {
            "multipart/form-data",
            "multipart/form-data; boundary=x",
            "application/x-www-form-urlencoded",
            "text/plain",
            "application/json; charset=nonsense"
        }) {
            HttpResponse<String> response = send(request("/api/submissions")
                    .header("Content-Type", contentType)
                    .POST(HttpRequest.BodyPublishers.ofString("--x\r\n\r\n")));
            assertProblem(response, 415, "");
        }
    }

    @Test
    void answersTraceWith405AndEchoesNothing() throws Exception {
        HttpResponse<String> response = send(request("/api/languages")
                .header("X-Secret", "s3cr3t")
                .method("TRACE", HttpRequest.BodyPublishers.noBody()));
        assertProblem(response, 405, "TRACE");
        assertThat(response.body()).doesNotContain("s3cr3t");
    }

    @Test
    void refusesABodyOverTheLimitWith413DeclaredOrChunked() throws Exception {
        long problems = count("problem");
        // Just over 8 MiB, so that the client has sent it all when the server stops reading.
        String big = problem("\"Big\"", json.writeValueAsString("x".repeat((4 << 20) + 512)));
        assertProblem(post("/api/problems", big), 413, "exceeds the maximum");
        // Without a Content-Length: the body is counted as it is read.
        HttpResponse<String> chunked = send(request("/api/problems")
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofInputStream(
                        () -> new ByteArrayInputStream(big.getBytes(StandardCharsets.UTF_8)))));
        assertProblem(chunked, 413, "exceeds the maximum");
        assertThat(count("problem")).isEqualTo(problems);
    }

    @Test
    void declares413ForEveryOperationWithAJsonBody() throws Exception {
        JsonNode paths = json.readTree(get("/v3/api-docs").body()).get("paths");
        List<String> withBodies = new ArrayList<>();
        paths.properties()
                .forEach(path -> path.getValue().properties().forEach(operation -> {
                    JsonNode body = operation.getValue().path("requestBody").path("content");
                    if (body.has("application/json")) {
                        withBodies.add(operation.getKey() + " " + path.getKey());
                        assertThat(operation.getValue().get("responses").has("413"))
                                .as(operation.getKey() + " " + path.getKey())
                                .isTrue();
                    }
                }));
        assertThat(withBodies).contains("post /api/submissions/batch", "post /api/keys", "put /api/problems/{id}");
    }

    @Test
    void refusesDeeplyNestedJson() throws Exception {
        String deep = "{\"title\": " + "[".repeat(5000) + "]".repeat(5000) + "}";
        HttpResponse<String> response = post("/api/problems", deep);
        assertThat(response.statusCode()).isBetween(400, 499);
        assertProblem(response, response.statusCode(), "");
    }

    @Test
    void answersWhatJettyRefusesItselfAsProblemDetails() throws Exception {
        HttpResponse<String> response = get("/api/submissions/%C3%9Cw%F1%99%91");
        assertProblem(response, 400, "");
    }

    @Test
    void documentsTheLimitsAndLanguagesItEnforces() throws Exception {
        JsonNode schemas =
                json.readTree(get("/v3/api-docs").body()).get("components").get("schemas");
        JsonNode run = schemas.get("RunOnStdin").get("properties");
        assertThat(run.get("sourceCode").get("maxLength").asInt()).isEqualTo(65536);
        assertThat(run.get("stdin").get("maxLength").asInt()).isEqualTo(1048576);
        assertThat(run.get("language").get("enum").valueStream().map(JsonNode::asString))
                .contains("python", "c", "cpp", "java", "javascript");
        assertThat(schemas.get("SubmissionRequest").get("oneOf").findValuesAsString("$ref"))
                .containsExactly(
                        "#/components/schemas/SubmissionToProblem",
                        "#/components/schemas/RunOnStdin",
                        "#/components/schemas/RunOnStdins",
                        "#/components/schemas/SubmissionToProblemAsFiles",
                        "#/components/schemas/RunOnStdinAsFiles",
                        "#/components/schemas/RunOnStdinsAsFiles",
                        "#/components/schemas/OutputsToProblem");
        assertThat(schemas.get("SubmissionToProblemAsFiles")
                        .get("required")
                        .valueStream()
                        .map(JsonNode::asString))
                .containsExactlyInAnyOrder("problemId", "language", "files");
        JsonNode runs = schemas.get("RunOnStdins").get("properties");
        assertThat(runs.get("stdins").get("items").get("maxLength").asInt()).isEqualTo(1048576);
        assertThat(runs.get("stdins").get("maxItems").asInt()).isEqualTo(20);
        assertThat(runs.get("compileOptions")
                        .get("items")
                        .get("enum")
                        .valueStream()
                        .map(JsonNode::asString))
                .contains("-O3", "-std=c++17")
                .doesNotContain("-fplugin");
        assertThat(schemas.get("Problem").get("required").valueStream().map(JsonNode::asString))
                .contains("title", "status");
    }

    private void assertProblem(HttpResponse<String> response, int status, String detailContains) throws Exception {
        assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
        assertThat(response.headers().firstValue("Content-Type")).hasValue("application/problem+json");
        JsonNode problem = json.readTree(response.body());
        assertThat(problem.get("status").asInt()).isEqualTo(status);
        assertThat(problem.get("detail").asString()).contains(detailContains);
    }

    private static String problem(String title, String testData) {
        return """
                {"title": %s, "timeLimitMs": 1000, "memoryLimitMb": 64,
                 "testCases": [{"input": %s, "expectedOutput": %s}]}""".formatted(title, testData, testData);
    }

    private long count(String table) {
        return jdbc.sql("select count(*) from " + table).query(Long.class).single();
    }
}
