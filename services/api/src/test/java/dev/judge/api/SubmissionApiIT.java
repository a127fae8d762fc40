package dev.judge.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.waitAtMost;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Iterator;
import java.util.UUID;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The API over real HTTP, against the real PostgreSQL and RabbitMQ that {@code make test} starts.
 * Every rejected request must answer with problem details and store nothing.
 */
class SubmissionApiIT extends LiveApi {

    private static final String SUM = "a, b = map(int, input().split())\nprint(a + b)\n";

    private long problemId;

    @BeforeEach
    void createProblem() throws Exception {
        problemId = sumProblem();
    }

    @Test
    void acceptsASubmissionStoresItAndQueuesIt() throws Exception {
        HttpResponse<String> response = post("/api/submissions", submission(problemId, "python", SUM));

        assertThat(response.statusCode()).isEqualTo(202);
        JsonNode body = json.readTree(response.body());
        UUID id = UUID.fromString(body.get("id").asString());
        assertThat(body.get("status").asString()).isEqualTo("QUEUED");
        assertThat(response.headers().firstValue("Location"))
                .hasValueSatisfying(location -> assertThat(location).endsWith("/api/submissions/" + id));

        // The outbox relay publishes it and marks it once the broker confirmed.
        waitAtMost(Duration.ofSeconds(10))
                .untilAsserted(() -> assertThat(jdbc.sql("select enqueued_at is not null from submission where id = ?")
                                .param(id)
                                .query(Boolean.class)
                                .single())
                        .isTrue());

        // As a polite client: back when Retry-After says (sooner would be answered 429).
        Thread.sleep(1000
                * Long.parseLong(response.headers().firstValue("Retry-After").orElseThrow()));
        JsonNode polled = json.readTree(get("/api/submissions/" + id).body());
        assertThat(polled.get("status").asString()).isIn("QUEUED", "RUNNING", "FINISHED");
        assertThat(polled.get("problemId").asLong()).isEqualTo(problemId);
    }

    @Test
    void tellsPollingClientsWhenToComeBackFromTheQueueAheadAndTheVerdictRate() throws Exception {
        // 21 verdicts 100 ms apart, just now: 10 per second (no worker runs in these tests, so no
        // other verdicts are recorded). 40 submissions waiting, created last: nothing waits behind them.
        jdbc.sql("""
                insert into submission (id, problem_id, problem_version, language, source_code, status, verdict, enqueued_at,
                                        created_at, finished_at)
                select gen_random_uuid(), :problem, 1, 'python', 'print(3)', 'FINISHED', 'ACCEPTED', now(),
                       now() - interval '1 minute', now() - i * interval '100 milliseconds'
                from generate_series(0, 20) i""").param("problem", problemId).update();
        jdbc.sql("""
                insert into submission (id, problem_id, problem_version, language, source_code, enqueued_at, created_at)
                select gen_random_uuid(), :problem, 1, 'python', 'print(3)', now(), now() from generate_series(1, 40)""").param("problem", problemId).update();
        long waiting = jdbc.sql("select count(*) from submission where status <> 'FINISHED'")
                .query(Long.class)
                .single();
        Iterator<UUID> queued = jdbc.sql("select id from submission where problem_id = ? and status = 'QUEUED'")
                .param(problemId)
                .query(UUID.class)
                .list()
                .iterator();

        // Everything waiting is ahead of each, at 10 verdicts per second (once a replica re-read the
        // queue). Each poll is of another submission: polling one again at once would be answered 429.
        long expected = Math.clamp((waiting + 9) / 10, 1, 30);
        waitAtMost(Duration.ofSeconds(5))
                .untilAsserted(() -> assertThat(get("/api/submissions/" + queued.next())
                                .headers()
                                .firstValue("Retry-After"))
                        .hasValue(Long.toString(expected)));

        assertThat(post("/api/submissions", submission(problemId, "python", SUM))
                        .headers()
                        .firstValue("Retry-After"))
                .hasValueSatisfying(
                        seconds -> assertThat(Long.parseLong(seconds)).isBetween(1L, 30L));
        UUID finished = jdbc.sql("select id from submission where problem_id = ? and status = 'FINISHED' limit 1")
                .param(problemId)
                .query(UUID.class)
                .single();
        assertThat(get("/api/submissions/" + finished).headers().firstValue("Retry-After"))
                .isEmpty();
    }

    @Test
    void readsASubmissionStoredBeforeTheStoredResultHadATypeOfItsOwn() throws Exception {
        // Then the consumer stored the whole result message, the worker's identity included.
        UUID id = UUID.randomUUID();
        jdbc.sql("""
                insert into submission (id, language, source_code, stdin, status, verdict, result, enqueued_at, finished_at)
                values (?, 'python', 'print(1)', '', 'FINISHED', 'ACCEPTED', cast(? as json), now(), now())""").params(id, """
                        {"submissionId": "%s", "status": "FINISHED", "verdict": "ACCEPTED", "compilerOutput": null,
                         "testCases": [{"index": 0, "verdict": "ACCEPTED", "cpuTimeMs": 11, "wallTimeMs": 37,
                                        "memoryKb": 7880, "exitCode": 0, "signal": null, "output": "1\\n"}],
                         "acceptedAt": "2026-11-22T04:00:00Z", "startedAt": "2026-11-22T04:00:01Z",
                         "finishedAt": "2026-11-22T04:00:02Z", "worker": "worker-7d9f"}""".formatted(id)).update();

        JsonNode view = json.readTree(get("/api/submissions/" + id).body());
        assertThat(view.get("testCases").get(0).get("output").asString()).isEqualTo("1\n");
        assertThat(view.get("timeMs").asLong()).isEqualTo(11);
        assertThat(view.has("worker")).isFalse();
    }

    @Test
    void refusesAnUnknownKeyEvenWhereAnonymousCallsAreAllowed() throws Exception {
        long before =
                jdbc.sql("select count(*) from submission").query(Long.class).single();
        HttpResponse<String> response = send(request("/api/submissions")
                .header("Content-Type", "application/json")
                .header("Authorization", "Bearer judge_mistyped")
                .POST(HttpRequest.BodyPublishers.ofString(submission(problemId, "python", SUM))));

        assertThat(response.statusCode()).isEqualTo(401);
        assertThat(jdbc.sql("select count(*) from submission").query(Long.class).single())
                .isEqualTo(before);
    }

    @Test
    void refusesACallbackWithoutAKeyToSignItWith() throws Exception {
        HttpResponse<String> response = post("/api/submissions", """
                {"language": "python", "sourceCode": "print(1)", "stdin": "", "callbackUrl": "https://example.com/hook"}""");

        assertThat(response.statusCode()).isEqualTo(422);
        assertThat(response.body()).contains("needs an API key");
    }

    @Test
    void acceptsARunOnStdinWithoutAProblem() throws Exception {
        HttpResponse<String> response = post(
                "/api/submissions",
                "{\"language\": \"python\", \"sourceCode\": \"print(input())\", \"stdin\": \"hi\"}");
        assertThat(response.statusCode()).isEqualTo(202);
        UUID id = UUID.fromString(json.readTree(response.body()).get("id").asString());

        // Stored as a run (no problem, its input kept) and published like any submission.
        assertThat(jdbc.sql(
                                "select problem_id is null and stdin = convert_to('hi', 'UTF8') from submission where id = ?")
                        .param(id)
                        .query(Boolean.class)
                        .single())
                .isTrue();
        waitAtMost(Duration.ofSeconds(10))
                .untilAsserted(() -> assertThat(jdbc.sql("select enqueued_at is not null from submission where id = ?")
                                .param(id)
                                .query(Boolean.class)
                                .single())
                        .isTrue());
    }

    @Test
    void rejectsUnknownProblem() throws Exception {
        assertRejected(post("/api/submissions", submission(999_999, "python", SUM)), 422, "Unknown problem");
    }

    @Test
    void rejectsUnknownLanguage() throws Exception {
        HttpResponse<String> response = post("/api/submissions", submission(problemId, "forth", SUM));
        assertRejected(response, 422, "Unknown language");
        assertThat(json.readTree(response.body()).get("detail").asString()).contains("python");
    }

    /** Checktestdata is a language of problems' input validators alone: no submission is in it, none lists it. */
    @Test
    void aLanguageOfInputValidatorsAloneTakesNoSubmissionAndIsNotListed() throws Exception {
        HttpResponse<String> response = post("/api/submissions", submission(problemId, "checktestdata", "EOF\n"));
        assertRejected(response, 422, "Unknown language");
        String detail = json.readTree(response.body()).get("detail").asString();
        assertThat(detail.substring(detail.indexOf("Known languages:")))
                .contains("python")
                .doesNotContain("checktestdata");
        assertThat(json.readTree(get("/api/languages").body()).findValuesAsString("id"))
                .doesNotContain("checktestdata");
    }

    @Test
    void rejectsEmptySource() throws Exception {
        HttpResponse<String> response = post("/api/submissions", submission(problemId, "python", "  "));
        assertRejected(response, 400, "Invalid request");
        assertThat(json.readTree(response.body())
                        .get("errors")
                        .get(0)
                        .get("field")
                        .asString())
                .isEqualTo("sourceCode");
    }

    @Test
    void rejectsSourceOverTheLimit() throws Exception {
        String tooLong = "#" + "x".repeat(64 * 1024);
        HttpResponse<String> response = post("/api/submissions", submission(problemId, "python", tooLong));
        assertRejected(response, 413, "Submission too large");
        assertThat(json.readTree(response.body()).get("limitCharacters").asInt())
                .isEqualTo(65536);
    }

    @Test
    void countsTheSourceLimitInCharactersAsJsonSchemaDoes() throws Exception {
        // 65,536 characters outside the BMP: 131,072 UTF-16 units and 262,144 UTF-8 bytes, yet within
        // the documented maxLength of 65,536, which counts characters.
        String wide = "#" + "\uD83D\uDE00".repeat(65_535);
        assertRejected(
                post("/api/submissions", submission(problemId, "python", wide + "x")), 413, "Submission too large");
        HttpResponse<String> response = post("/api/submissions", submission(problemId, "python", wide));
        assertThat(response.statusCode()).as(response.body()).isEqualTo(202);
    }

    @Test
    void rejectsMalformedJson() throws Exception {
        assertRejected(post("/api/submissions", "{\"problemId\": 1, \"language\": "), 400, "Malformed request body");
    }

    @Test
    void rejectsWrongTypes() throws Exception {
        String body = "{\"problemId\": \"one\", \"language\": \"python\", \"sourceCode\": \"print(1)\"}";
        assertRejected(post("/api/submissions", body), 400, "Malformed request body");
    }

    @Test
    void rejectsBothProblemAndStdin() throws Exception {
        String body = "{\"problemId\": %d, \"language\": \"python\", \"sourceCode\": \"print(1)\", \"stdin\": \"\"}"
                .formatted(problemId);
        assertRejected(post("/api/submissions", body), 400, "Invalid request");
    }

    @Test
    void rejectsNeitherProblemNorStdin() throws Exception {
        assertRejected(
                post("/api/submissions", "{\"language\": \"python\", \"sourceCode\": \"print(1)\"}"),
                400,
                "Invalid request");
    }

    @Test
    void answersNotFoundForAnUnknownSubmission() throws Exception {
        HttpResponse<String> response = get("/api/submissions/" + UUID.randomUUID());
        assertThat(response.statusCode()).isEqualTo(404);
        assertThat(response.headers().firstValue("Content-Type")).hasValue("application/problem+json");
    }

    @Test
    void rejectsAMalformedSubmissionId() throws Exception {
        HttpResponse<String> response = get("/api/submissions/not-a-uuid");
        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(response.headers().firstValue("Content-Type")).hasValue("application/problem+json");
    }

    @Test
    void rejectsAProblemWithLimitsOutOfRange() throws Exception {
        long before = count("problem");
        HttpResponse<String> response = post("/api/problems", """
                {"title": "Slow", "timeLimitMs": 600000, "memoryLimitMb": 0,
                 "testCases": [{"input": "", "expectedOutput": ""}]}""");
        assertThat(response.statusCode()).isEqualTo(400);
        JsonNode errors = json.readTree(response.body()).get("errors");
        assertThat(errors.findValuesAsString("field")).containsExactlyInAnyOrder("timeLimitMs", "memoryLimitMb");
        assertThat(count("problem")).isEqualTo(before);
    }

    @Test
    void returnsAProblemWithItsTestCases() throws Exception {
        JsonNode problem = json.readTree(get("/api/problems/" + problemId).body());
        assertThat(problem.get("comparison").asString()).isEqualTo("EXACT");
        assertThat(problem.get("testCases").get(0).get("expectedOutput").asString())
                .isEqualTo("3\n");
        assertThat(get("/api/problems/424242").statusCode()).isEqualTo(404);
    }

    @Test
    void listsTheLanguagesWithTheirCommands() throws Exception {
        JsonNode languages = json.readTree(get("/api/languages").body());
        assertThat(languages.findValuesAsString("id")).contains("python", "c", "cpp", "java", "javascript");
        assertThat(languages.findValuesAsString("sourceFile")).contains("main.py", "Main.java");
    }

    @Test
    void servesAnOpenApiDocument() throws Exception {
        JsonNode document = json.readTree(get("/v3/api-docs").body());
        assertThat(document.get("openapi").asString()).startsWith("3.");
        assertThat(document.get("paths").has("/api/submissions")).isTrue();
    }

    private void assertRejected(HttpResponse<String> response, int status, String title) throws Exception {
        assertThat(response.statusCode()).isEqualTo(status);
        assertThat(response.headers().firstValue("Content-Type")).hasValue("application/problem+json");
        JsonNode problem = json.readTree(response.body());
        assertThat(problem.get("status").asInt()).isEqualTo(status);
        assertThat(problem.get("title").asString()).isEqualTo(title);
        assertThat(problem.get("detail").asString()).isNotBlank();
        // Nothing half-stored: no row for this request (the test's problem has no submissions).
        assertThat(jdbc.sql("select count(*) from submission where problem_id = ?")
                        .param(problemId)
                        .query(Long.class)
                        .single())
                .isZero();
    }

    private long count(String table) {
        return jdbc.sql("select count(*) from " + table).query(Long.class).single();
    }

    private static String submission(long problemId, String language, String source) {
        return "{\"problemId\": %d, \"language\": \"%s\", \"sourceCode\": %s}"
                .formatted(problemId, language, quote(source));
    }

    private static String quote(String text) {
        return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n") + "\"";
    }
}
