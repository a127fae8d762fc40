package dev.judge.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import tools.jackson.databind.JsonNode;

import dev.judge.contracts.ProblemPreparation;
import dev.judge.contracts.SetterLimits;

/**
 * A version with setter programs is PREPARING until a worker built them (this tier has no worker: the
 * test takes the preparation off the real queue and records its end, as the result consumer would),
 * and until then, or when it failed, takes no submissions and no rejudge.
 */
@SpringBootTest(
        webEnvironment = WebEnvironment.RANDOM_PORT,
        properties = {
            "judge.access.anonymous=true",
            AccessIT.ADMIN_TOKEN_PROPERTY,
            "judge.problems.preparation.in-flight-per-owner=1000"
        })
class ProblemPreparationIT extends LiveApi {

    private static final String VALIDATED = """
            {"title": "Sum, validated", "timeLimitMs": 1000, "memoryLimitMb": 128,
             "checker": {"kind": "custom", "language": "python", "sourceCode": "import sys; sys.exit(0)"},
             "validator": {"language": "python", "sourceCode": "import sys; sys.stdin.read()"},
             "setterLimits": {"timeLimitMs": 8000},
             "testCases": [{"input": "1 2\\n", "expectedOutput": "3\\n"}]}""";
    private static final String PLAIN = """
            {"title": "Sum", "timeLimitMs": 1000, "memoryLimitMb": 128,
             "testCases": [{"input": "1 2\\n", "expectedOutput": "3\\n"}]}""";

    @Test
    void aVersionWithoutSetterProgramsTakesSubmissionsAtOnce() throws Exception {
        HttpResponse<String> created = post("/api/problems", PLAIN);

        assertThat(json.readTree(created.body())
                        .get("preparation")
                        .get("status")
                        .asString())
                .isEqualTo("READY");
        assertThat(submit(json.readTree(created.body()).get("id").asLong()).statusCode())
                .isEqualTo(202);
    }

    @Test
    void aVersionWithSetterProgramsIsSentToTheWorkersAndRefusesSubmissionsUntilReady() throws Exception {
        HttpResponse<String> created = post("/api/problems", VALIDATED);
        JsonNode problem = json.readTree(created.body());
        long id = problem.get("id").asLong();
        assertThat(problem.get("preparation").get("status").asString()).isEqualTo("PREPARING");
        assertThat(problem.get("validator").get("language").asString()).isEqualTo("python");
        assertThat(problem.get("setterLimits").toString()).isEqualTo("{\"timeLimitMs\":8000}");

        ProblemPreparation sent = preparationOf(id);
        assertThat(sent.version()).isEqualTo(1);
        assertThat(sent.checker().sourceCode()).isEqualTo("import sys; sys.exit(0)");
        assertThat(sent.validator().sourceCode()).isEqualTo("import sys; sys.stdin.read()");
        assertThat(sent.testCases()).hasSize(1);
        assertThat(sent.setterLimits()).isEqualTo(new SetterLimits(8000L, null));

        HttpResponse<String> early = submit(id);
        assertThat(early.statusCode()).isEqualTo(409);
        assertThat(early.headers().firstValue("Retry-After")).hasValue("5");
        assertThat(json.readTree(early.body()).get("preparation").asString()).isEqualTo("PREPARING");
        HttpResponse<String> batch = post("/api/submissions/batch", "{\"submissions\": [" + submission(id) + "]}");
        assertThat(batch.statusCode()).as(batch.body()).isEqualTo(409);
        assertThat(rejudge(id).statusCode()).isEqualTo(409);
        assertThat(jdbc.sql("select count(*) from submission where problem_id = ?")
                        .param(id)
                        .query(Long.class)
                        .single())
                .isZero();

        prepared(id);
        assertThat(submit(id).statusCode()).isEqualTo(202);
        assertThat(rejudge(id).statusCode()).isEqualTo(202);
    }

    @Test
    void aFailedVersionSaysWhyToItsManagerAndRefusesSubmissionsForGood() throws Exception {
        long id =
                json.readTree(post("/api/problems", VALIDATED).body()).get("id").asLong();
        jdbc.sql("""
                update problem_version set status = 'FAILED', preparation_file = 'test 1',
                    preparation_message = 'FAIL Expected EOLN (stdin, line 1)' where problem_id = ?""").param(id).update();

        JsonNode preparation = json.readTree(get("/api/problems/" + id).body()).get("preparation");
        assertThat(preparation.get("file").asString()).isEqualTo("test 1");
        assertThat(preparation.get("message").asString()).isEqualTo("FAIL Expected EOLN (stdin, line 1)");
        HttpResponse<String> refused = submit(id);
        assertThat(refused.statusCode()).isEqualTo(409);
        assertThat(refused.headers().firstValue("Retry-After")).isEmpty();
        assertThat(json.readTree(refused.body()).get("preparation").asString()).isEqualTo("FAILED");
    }

    /** A preparation lost (with a broker, or on a worker killed mid-way) is sent again once it is overdue. */
    @Test
    void aLostPreparationIsSentAgain() throws Exception {
        long id =
                json.readTree(post("/api/problems", VALIDATED).body()).get("id").asLong();
        preparationOf(id);
        jdbc.sql("update problem_version set preparation_requested_at = now() - interval '1 hour' where problem_id = ?")
                .param(id)
                .update();

        post("/api/problems", VALIDATED); // a save sends whatever is due, as the periodic sweep does

        assertThat(preparationOf(id).problemId()).isEqualTo(id);
    }

    private static String submission(long problemId) {
        return "{\"problemId\": %d, \"language\": \"python\", \"sourceCode\": \"print(3)\"}".formatted(problemId);
    }

    private HttpResponse<String> submit(long problemId) throws Exception {
        return post("/api/submissions", submission(problemId));
    }

    private HttpResponse<String> rejudge(long problemId) throws Exception {
        return send(request("/api/problems/" + problemId + "/rejudge")
                .header("Authorization", "Bearer " + AccessIT.ADMIN_TOKEN)
                .POST(HttpRequest.BodyPublishers.noBody()));
    }
}
