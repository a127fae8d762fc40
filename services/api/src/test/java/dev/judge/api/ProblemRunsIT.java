package dev.judge.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import dev.judge.contracts.JudgeRequest;
import dev.judge.contracts.Lane;

/**
 * Communication problems (several instances of a submission per test) and multi-pass ones (several
 * passes), over real HTTP, the real database and the real broker: stored, shown, and sent to the
 * worker with each submission; refused (400, nothing stored) where nothing could talk to the instances
 * or ask for another pass.
 */
class ProblemRunsIT extends LiveApi {

    private static final String MANAGER = "\"interactor\": {\"language\": \"python\", \"sourceCode\": \"print(1)\"}";
    private static final String CHECKER =
            "\"checker\": {\"kind\": \"custom\", \"language\": \"python\", \"sourceCode\": \"print(1)\"}";

    @Test
    void aProblemsInstancesAndPassesAreShownAndReachTheWorkerWithEachSubmission() throws Exception {
        HttpResponse<String> created = post("/api/problems", problem(MANAGER + ", \"instances\": 2, \"passes\": 3"));
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        long id = json.readTree(created.body()).get("id").asLong();
        assertThat(json.readTree(created.body()).get("instances").asInt()).isEqualTo(2);
        assertThat(json.readTree(get("/api/problems/" + id).body())
                        .get("passes")
                        .asInt())
                .isEqualTo(3);

        prepared(id);
        HttpResponse<String> accepted = post(
                "/api/submissions",
                "{\"problemId\": %d, \"language\": \"python\", \"sourceCode\": \"print(1)\"}".formatted(id));
        assertThat(accepted.statusCode()).as(accepted.body()).isEqualTo(202);
        JudgeRequest request = awaitRequest(
                Lane.PRACTICE,
                UUID.fromString(json.readTree(accepted.body()).get("id").asString()));
        assertThat(request.runs()).isEqualTo(new JudgeRequest.Runs(2, 3));
        assertThat(request.runsRefusal()).isEmpty();

        HttpResponse<String> plain = post("/api/problems", problem(CHECKER + ", \"passes\": 2"));
        assertThat(plain.statusCode())
                .as("a custom checker may ask for passes: " + plain.body())
                .isEqualTo(201);
        assertThat(json.readTree(plain.body()).get("instances").asInt()).isEqualTo(1);
    }

    @Test
    void instancesWithoutAManagerOrPassesWithoutAProgramToAskForThemAreRefusedAndNothingIsStored() throws Exception {
        long before = problems();
        for (String fields : List.of(
                "\"instances\": 2",
                "\"passes\": 2",
                "\"passes\": 2, \"checker\": {\"kind\": \"exact\"}",
                MANAGER + ", \"instances\": " + (JudgeRequest.Runs.MAX_INSTANCES + 1),
                MANAGER + ", \"passes\": " + (JudgeRequest.Runs.MAX_PASSES + 1),
                MANAGER + ", \"instances\": 0",
                CHECKER + ", \"passes\": 2, \"outputOnly\": true")) {
            HttpResponse<String> refused = post("/api/problems", problem(fields));
            assertThat(refused.statusCode()).as(fields + ": " + refused.body()).isEqualTo(400);
        }
        assertThat(problems()).isEqualTo(before);
    }

    private static String problem(String fields) {
        return """
                {"title": "Runs", "timeLimitMs": 1000, "memoryLimitMb": 64, %s,
                 "testCases": [{"input": "1", "expectedOutput": "1"}]}""".formatted(fields);
    }

    private long problems() {
        return jdbc.sql("select count(*) from problem").query(Long.class).single();
    }
}
