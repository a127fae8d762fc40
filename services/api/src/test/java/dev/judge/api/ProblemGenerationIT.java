package dev.judge.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.springframework.test.context.TestPropertySource;
import tools.jackson.databind.JsonNode;

import dev.judge.api.problem.importing.polygon.TestPackages;
import dev.judge.contracts.JudgeRequest.TestCase;
import dev.judge.contracts.ProblemPreparation;
import dev.judge.contracts.TestData;
import dev.judge.contracts.TestGeneration;

/**
 * A Polygon package without its generated tests and answers: stored with their places empty, sent to
 * the workers with its generation, and completed once by what a worker stores, on the internal
 * endpoint only workers may use, which takes what was to be made and nothing else. This tier has no
 * worker: the test stores as one would (tests/e2e has the real one).
 */
@TestPropertySource(properties = "judge.test-data.worker-token=" + ProblemGenerationIT.TOKEN)
class ProblemGenerationIT extends LiveApi {

    static final String TOKEN = "generating-workers";
    private static final String MADE = """
            {"test": 1, "expectedOutput": "3\\n"}
            {"test": 2, "input": "1 10\\n", "expectedOutput": "11\\n"}
            {"test": 3, "input": "2 10\\n", "expectedOutput": "12\\n"}
            {"test": 4, "input": "3 1000000\\n", "expectedOutput": "1000003\\n"}
            """;

    @Test
    void theWorkersGenerationCompletesTheVersionOnceAndOnlyWhereItWasToBeMade() throws Exception {
        long id = importToGenerate();
        ProblemPreparation sent = preparationOf(id);
        assertThat(sent.generation().recipes())
                .containsExactly(
                        new TestGeneration.Recipe(2, "gen", List.of("1", "10")),
                        new TestGeneration.Recipe(3, "gen", List.of("2", "10")),
                        new TestGeneration.Recipe(4, "gen", List.of("3", "1000000")));
        assertThat(sent.generation().answers()).containsExactly(1, 2, 3, 4);
        assertThat(sent.generation().answerer().sourceCode()).contains("print(a + b)");
        assertThat(sent.generation().generators()).containsOnlyKeys("gen");
        assertThat(sent.testCases()).extracting(TestCase::input).containsExactly("1 2\n", "", "", "");

        assertThat(statusOf(id)).isEqualTo("{\"status\":\"PREPARING\",\"underWay\":false}");
        HttpResponse<String> stored = store(id, MADE, TOKEN);

        assertThat(stored.statusCode()).as(stored.body()).isEqualTo(200);
        TestData reference = json.readValue(stored.body(), TestData.class);
        List<TestCase> tests = testsOf(id);
        assertThat(tests)
                .extracting(test -> test.input() + "=" + test.expectedOutput())
                .containsExactly("1 2\n=3\n", "1 10\n=11\n", "2 10\n=12\n", "3 1000000\n=1000003\n");
        TestData.Digest digest = new TestData.Digest();
        tests.forEach(digest::add);
        assertThat(digest.of(id, 1)).isEqualTo(reference);

        // A second worker's (a preparation sent again) changes nothing: it gets the first one's.
        HttpResponse<String> again = store(id, MADE.replace("1000003", "7"), TOKEN);
        assertThat(again.statusCode()).isEqualTo(200);
        assertThat(json.readValue(again.body(), TestData.class)).isEqualTo(reference);
        assertThat(testsOf(id).get(3).expectedOutput()).isEqualTo("1000003\n");
        assertThat(preparationOf(idAfterResend(id)).generation())
                .as("a version made is sent without generation")
                .isNull();
        prepared(id);
        assertThat(statusOf(id))
                .as("a worker skips a preparation sent again")
                .isEqualTo("{\"status\":\"READY\",\"underWay\":false}");
    }

    /** A hostile or broken worker cannot change a setter's own test, nor leave a test half made. */
    @Test
    void takesOnlyWhatWasToBeMadeAllOfItAndOnlyFromWorkers() throws Exception {
        long id = importToGenerate();

        assertThat(store(id, MADE, "guess").statusCode()).isEqualTo(401);
        assertThat(store(id, MADE, null).statusCode()).isEqualTo(401);
        HttpResponse<String> ownInput = store(
                id,
                MADE.replace(
                        "{\"test\": 1, \"expectedOutput\"", "{\"test\": 1, \"input\": \"6 6\\n\", \"expectedOutput\""),
                TOKEN);
        assertThat(ownInput.statusCode()).isEqualTo(400);
        assertThat(ownInput.body()).contains("Test 1's input is not one to generate");
        HttpResponse<String> twice = store(id, MADE + "{\"test\": 4, \"expectedOutput\": \"0\\n\"}\n", TOKEN);
        assertThat(twice.statusCode()).isEqualTo(400);
        HttpResponse<String> partial =
                store(id, MADE.lines().limit(3).map(line -> line + "\n").reduce("", String::concat), TOKEN);
        assertThat(partial.statusCode()).isEqualTo(400);
        assertThat(partial.body()).contains("[4]");
        assertThat(store(id, "{\"test\": 1, \"expectedOutput\": [1]}\n", TOKEN).statusCode())
                .isEqualTo(400);
        assertThat(testsOf(id)).extracting(TestCase::input).as("nothing stored").containsExactly("1 2\n", "", "", "");

        long plain = json.readTree(post("/api/problems", """
                {"title": "Plain", "timeLimitMs": 1000, "memoryLimitMb": 64,
                 "testCases": [{"input": "1\\n", "expectedOutput": "1\\n"}]}""").body()).get("id").asLong();
        assertThat(store(plain, "{\"test\": 1, \"expectedOutput\": \"2\\n\"}\n", TOKEN)
                        .statusCode())
                .isEqualTo(404);
        assertThat(testsOf(plain).getFirst().expectedOutput()).isEqualTo("1\n");

        HttpResponse<String> onPublicPort = send(request(TestGeneration.path(id, 1))
                .header(TestData.TOKEN_HEADER, TOKEN)
                .header("Content-Type", TestData.MEDIA_TYPE)
                .PUT(HttpRequest.BodyPublishers.ofString(MADE)));
        assertThat(onPublicPort.statusCode())
                .as("the public port knows no /internal")
                .isEqualTo(404);
    }

    private long importToGenerate() throws Exception {
        HttpResponse<String> created = send(request("/api/problems/import")
                .header("Content-Type", "application/zip")
                .POST(HttpRequest.BodyPublishers.ofByteArray(TestPackages.zip(TestPackages.sumOfTwoToGenerate()))));
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        JsonNode problem = json.readTree(created.body());
        assertThat(problem.get("preparation").get("status").asString()).isEqualTo("PREPARING");
        return problem.get("id").asLong();
    }

    /** Makes the version's preparation overdue and has it sent again, as the sweep does. */
    private long idAfterResend(long id) throws Exception {
        jdbc.sql("update problem_version set preparation_requested_at = now() - interval '1 hour' where problem_id = ?")
                .param(id)
                .update();
        post(
                "/api/problems",
                "{\"title\": \"x\", \"timeLimitMs\": 1000, \"memoryLimitMb\": 64, "
                        + "\"testCases\": [{\"input\": \"1\", \"expectedOutput\": \"1\"}]}");
        return id;
    }

    private HttpResponse<String> store(long id, String lines, String token) throws Exception {
        HttpRequest.Builder put = managementRequest(TestGeneration.path(id, 1))
                .header("Content-Type", TestData.MEDIA_TYPE)
                .PUT(HttpRequest.BodyPublishers.ofString(lines));
        return send(token == null ? put : put.header(TestData.TOKEN_HEADER, token));
    }

    private String statusOf(long id) throws Exception {
        HttpResponse<String> refused =
                send(managementRequest(ProblemPreparation.statusPath(id, 1)).GET());
        assertThat(refused.statusCode()).isEqualTo(401);
        return send(managementRequest(ProblemPreparation.statusPath(id, 1))
                        .header(TestData.TOKEN_HEADER, TOKEN)
                        .GET())
                .body();
    }

    private List<TestCase> testsOf(long id) throws Exception {
        HttpResponse<String> fetched = send(managementRequest(TestData.path(id, 1))
                .header(TestData.TOKEN_HEADER, TOKEN)
                .GET());
        return json.readerFor(TestCase.class)
                .<TestCase>readValues(fetched.body())
                .readAll();
    }
}
