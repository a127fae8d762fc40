package dev.judge.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.JsonNode;

import dev.judge.api.submission.JudgeRequests;
import dev.judge.contracts.Checker;
import dev.judge.contracts.JudgeRequest;
import dev.judge.contracts.TestData;

/**
 * Problems with checkers, interactors, subtasks and time factors, stored and read back over HTTP;
 * edits make versions, and a submission is judged against the version it was made to.
 */
class ProblemVersionsIT extends LiveApi {

    private static final String WITH_SUBTASKS = """
            {"title": "Permutation", "timeLimitMs": 1000, "memoryLimitMb": 128,
             "checker": {"kind": "custom", "language": "cpp", "sourceCode": "int main() { return 0; }",
                         "files": {"testlib.h": "// the header"}},
             "groups": [{"name": "small", "points": 40}, {"name": "large", "points": 60, "dependsOn": ["small"]}],
             "timeLimits": {"python": {"factor": 5}},
             "testCases": [{"input": "3\\n", "expectedOutput": "1 2 3\\n", "group": "small"},
                           {"input": "9\\n", "expectedOutput": "1 2 3 4 5 6 7 8 9\\n", "group": "large"}]}""";

    @Autowired
    JudgeRequests judgeRequests;

    @Test
    void showsTheCheckersKindAndLanguageAndItsCodeOnlyWhenAsked() throws Exception {
        long id = create(WITH_SUBTASKS);

        JsonNode problem = json.readTree(get("/api/problems/" + id).body());
        assertThat(problem.get("version").asInt()).isEqualTo(1);
        assertThat(problem.get("checker").get("kind").asString()).isEqualTo("custom");
        assertThat(problem.get("checker").get("language").asString()).isEqualTo("cpp");
        assertThat(problem.get("checker").has("sourceCode")).isFalse();
        assertThat(problem.get("checker").has("files")).isFalse();
        assertThat(problem.has("comparison")).isFalse();
        assertThat(problem.get("groups").get(1).get("dependsOn").get(0).asString())
                .isEqualTo("small");
        assertThat(problem.get("timeLimits").get("python").get("factor").asDouble())
                .isEqualTo(5);
        assertThat(problem.get("testCases").get(1).get("group").asString()).isEqualTo("large");

        JsonNode withSources =
                json.readTree(get("/api/problems/" + id + "?include=sources").body());
        assertThat(withSources.get("checker").get("sourceCode").asString()).isEqualTo("int main() { return 0; }");
        assertThat(withSources.get("checker").get("files").get("testlib.h").asString())
                .isEqualTo("// the header");

        assertThat(get("/api/problems/" + id + "?include=secrets").statusCode()).isEqualTo(400);
    }

    @Test
    void judgesEachSubmissionAgainstTheVersionItWasMadeTo() throws Exception {
        long id = create(WITH_SUBTASKS);
        JsonNode before = submit(id);

        HttpResponse<String> edited = put("/api/problems/" + id, """
                {"title": "Permutation, fixed", "timeLimitMs": 2000, "memoryLimitMb": 128,
                 "checker": {"kind": "float", "epsilon": 1e-6},
                 "testCases": [{"input": "4\\n", "expectedOutput": "10\\n"}]}""");
        assertThat(edited.statusCode()).isEqualTo(200);
        JsonNode version2 = json.readTree(edited.body());
        assertThat(version2.get("version").asInt()).isEqualTo(2);
        assertThat(version2.get("checker").get("kind").asString()).isEqualTo("float");
        assertThat(version2.get("groups")).isEmpty();
        JsonNode after = submit(id);

        assertThat(before.get("problemVersion").asInt()).isEqualTo(1);
        assertThat(after.get("problemVersion").asInt()).isEqualTo(2);
        // What the outbox relay sends for each: the tests, checker and limits of its own version.
        JudgeRequest first = requestFor(before, id);
        assertThat(first.testCases()).extracting(JudgeRequest.TestCase::input).containsExactly("3\n", "9\n");
        assertThat(first.effectiveChecker().kind()).isEqualTo(Checker.Kind.CUSTOM);
        assertThat(first.groups()).extracting(JudgeRequest.Group::name).containsExactly("small", "large");
        assertThat(first.limits().timeLimitMs())
                .as("python × the problem's own 5")
                .isEqualTo(5000);
        JudgeRequest second = requestFor(after, id);
        assertThat(second.testCases()).extracting(JudgeRequest.TestCase::input).containsExactly("4\n");
        assertThat(second.effectiveChecker()).isEqualTo(new Checker(Checker.Kind.FLOAT, 1e-6, null));
        assertThat(second.limits().timeLimitMs()).as("python × the catalog's 3").isEqualTo(6000);
    }

    @Test
    void anInteractorDecidesAloneUnlessTheProblemNamesACheckerOfWhatItWrote() throws Exception {
        String interactive = """
                {"title": "A+B", "timeLimitMs": 1000, "memoryLimitMb": 64,
                 "interactor": {"language": "c", "sourceCode": "int main() { return 0; }"}%s,
                 "testCases": [{"input": "1\\n1 2\\n", "expectedOutput": "3\\n"}]}""";
        long alone = create(interactive.formatted(""));
        long checked = create(interactive.formatted(", \"checker\": {\"kind\": \"whitespace\"}"));

        assertThat(json.readTree(get("/api/problems/" + alone).body()).has("checker"))
                .isFalse();
        assertThat(json.readTree(get("/api/problems/" + checked).body())
                        .get("checker")
                        .get("kind")
                        .asString())
                .isEqualTo("whitespace");
        assertThat(requestFor(submit(alone), alone).interactionChecker()).isNull();
        assertThat(requestFor(submit(checked), checked).interactionChecker()).isEqualTo(Checker.WHITESPACE);
    }

    @Test
    void keepsTheComparisonOfBeforeCheckersAsAnAlias() throws Exception {
        long id = create("""
                {"title": "Sum", "timeLimitMs": 1000, "memoryLimitMb": 64, "comparison": "WHITESPACE",
                 "testCases": [{"input": "1 2", "expectedOutput": "3"}]}""");

        JsonNode problem = json.readTree(get("/api/problems/" + id).body());
        assertThat(problem.get("comparison").asString()).isEqualTo("WHITESPACE");
        assertThat(problem.get("checker").get("kind").asString()).isEqualTo("whitespace");
    }

    @Test
    void refusesAnEditOfAnUnknownProblemAndAnUnknownLanguage() throws Exception {
        long id = create(WITH_SUBTASKS);

        HttpResponse<String> pythonStandard = post(
                "/api/problems",
                WITH_SUBTASKS.replace(
                        "\"language\": \"cpp\", \"sourceCode\"",
                        "\"language\": \"python\", \"standard\": \"c++17\", \"sourceCode\""));
        assertThat(pythonStandard.statusCode()).as(pythonStandard.body()).isEqualTo(400);
        assertThat(pythonStandard.body()).contains("standard and defines are for programs in C and C++");
        assertThat(put("/api/problems/999999999", WITH_SUBTASKS).statusCode()).isEqualTo(404);
        HttpResponse<String> unknown = put("/api/problems/" + id, WITH_SUBTASKS.replace("\"cpp\"", "\"forth\""));
        assertThat(unknown.statusCode()).isEqualTo(422);
        assertThat(unknown.headers().firstValue("Content-Type")).hasValue("application/problem+json");
        assertThat(json.readTree(get("/api/problems/" + id).body())
                        .get("version")
                        .asInt())
                .as("nothing stored")
                .isEqualTo(1);
    }

    @Test
    void nobodyMayFetchTestsWhileNoWorkerTokenIsSet() throws Exception {
        long id = create(WITH_SUBTASKS);

        HttpResponse<String> refused =
                send(managementRequest(TestData.path(id, 1)).header(TestData.TOKEN_HEADER, ""));
        assertThat(refused.statusCode()).isEqualTo(403);
        assertThat(refused.body()).contains("judge.test-data.worker-token").doesNotContain("1 2 3");
    }

    /** A problem made and prepared (its checker and interactor built): it takes submissions. */
    private long create(String problem) throws Exception {
        HttpResponse<String> created = post("/api/problems", problem);
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        long id = json.readTree(created.body()).get("id").asLong();
        prepared(id);
        return id;
    }

    /** The submission as the API accepted it. */
    private JsonNode submit(long problemId) throws Exception {
        HttpResponse<String> accepted = post(
                "/api/submissions",
                "{\"problemId\": %d, \"language\": \"python\", \"sourceCode\": \"print(1)\"}".formatted(problemId));
        assertThat(accepted.statusCode()).isEqualTo(202);
        return json.readTree(accepted.body());
    }

    /** The request the outbox relay builds for a stored submission, from the version its row records. */
    private JudgeRequest requestFor(JsonNode submission, long problemId) {
        UUID id = UUID.fromString(submission.get("id").asString());
        Integer version = jdbc.sql("select problem_version from submission where id = ?")
                .param(id)
                .query(Integer.class)
                .single();
        return judgeRequests.of(id, problemId, version, "python", "print(1)", null, null, null, Instant.now(), 1);
    }

    private HttpResponse<String> put(String path, String body) throws Exception {
        return send(request(path)
                .header("Content-Type", "application/json")
                .PUT(HttpRequest.BodyPublishers.ofString(body)));
    }
}
