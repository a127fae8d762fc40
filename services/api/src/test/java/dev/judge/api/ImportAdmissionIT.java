package dev.judge.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.Socket;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;

import dev.judge.api.problem.polygon.TestPackages;

/**
 * What one tenant's imports and uploads may take of a replica and of the database: a replica's two
 * transfer slots, one at a time per key (429 for its second, with Retry-After; a body that comes slowly
 * holds its key's share only),
 * and its problems' tests up to {@code judge.test-data.max-stored-per-key} (413, nothing stored).
 */
@SpringBootTest(
        webEnvironment = WebEnvironment.RANDOM_PORT,
        properties = {
            AccessIT.ADMIN_TOKEN_PROPERTY,
            "judge.test-data.max-concurrent-transfers=2",
            "judge.test-data.max-concurrent-transfers-per-key=1",
            "judge.test-data.max-stored-per-key=" + ImportAdmissionIT.QUOTA_BYTES + "B"
        })
class ImportAdmissionIT extends LiveApi {

    static final int QUOTA_BYTES = 4000;

    /**
     * A key's second import while its first comes slowly is 429; and a slow upload holds only its key's
     * share, not one of the replica's slots: two keys' slow bodies once took both slots, and a third
     * key's import got 503 until they ended (the slots themselves: {@code TestTransfersTests}).
     */
    @Test
    void aKeysSecondImportIs429AndSlowBodiesHoldNoneOfTheReplicasSlots() throws Exception {
        Key first = createSetterKey("first");
        Key second = createSetterKey("second");
        Key third = createSetterKey("third");
        byte[] pack = TestPackages.zip(TestPackages.sumOfTwo());
        int half = pack.length / 2;

        try (Socket slowFirst = startImport(first, Arrays.copyOf(pack, half))) {
            Thread.sleep(500); // its key's share is taken before its body is read

            HttpResponse<String> againByFirst = importPackage(first, pack);
            assertThat(againByFirst.statusCode()).as(againByFirst.body()).isEqualTo(429);
            assertThat(againByFirst.headers().firstValue("Retry-After")).isPresent();

            try (Socket slowSecond = startImport(second, Arrays.copyOf(pack, half))) {
                Thread.sleep(500);
                HttpResponse<String> byThird = importPackage(third, pack);
                assertThat(byThird.statusCode()).as(byThird.body()).isEqualTo(201);

                assertThat(finishImport(slowSecond, Arrays.copyOfRange(pack, half, pack.length)))
                        .startsWith("HTTP/1.1 201");
            }
            assertThat(finishImport(slowFirst, Arrays.copyOfRange(pack, half, pack.length)))
                    .startsWith("HTTP/1.1 201");
        }
    }

    @Test
    void aKeysProblemsHoldTestsUpToItsQuotaAndWhatWouldPassItStoresNothing() throws Exception {
        Key setter = createSetterKey("quota");
        String within = "x".repeat(QUOTA_BYTES * 2 / 3); // one fits, two do not

        HttpResponse<String> first = createProblem(setter, within);
        assertThat(first.statusCode()).as(first.body()).isEqualTo(201);
        long problems = problemsOf(setter);

        HttpResponse<String> past = createProblem(setter, within);
        assertThat(past.statusCode()).as(past.body()).isEqualTo(413);
        assertThat(json.readTree(past.body()).get("title").asString()).isEqualTo("Test data quota");
        assertThat(problemsOf(setter)).isEqualTo(problems);

        long id = json.readTree(first.body()).get("id").asLong();
        HttpResponse<String> upload = send(as(
                setter.secret(),
                request("/api/problems/" + id + "/tests")
                        .header("Content-Type", "application/x-ndjson")
                        .PUT(HttpRequest.BodyPublishers.ofString(
                                "{\"input\": \"" + within + "\", \"expectedOutput\": \"1\"}\n"))));
        assertThat(upload.statusCode()).as(upload.body()).isEqualTo(413);
        // The admin's problems are not counted.
        assertThat(send(as(AccessIT.ADMIN_TOKEN, problemRequest(within))).statusCode())
                .isEqualTo(201);
    }

    private HttpResponse<String> createProblem(Key key, String input) throws Exception {
        return send(as(key.secret(), problemRequest(input)));
    }

    private HttpRequest.Builder problemRequest(String input) {
        return request("/api/problems")
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("""
                        {"title": "Large", "timeLimitMs": 1000, "memoryLimitMb": 64,
                         "testCases": [{"input": "%s", "expectedOutput": "1"}]}""".formatted(input)));
    }

    private long problemsOf(Key key) {
        return jdbc.sql("select count(*) from problem where owner_key_id = ?")
                .param(key.id())
                .query(Long.class)
                .single();
    }

    private HttpResponse<String> importPackage(Key key, byte[] pack) throws Exception {
        return send(as(
                key.secret(),
                request("/api/problems/import")
                        .header("Content-Type", "application/zip")
                        .POST(HttpRequest.BodyPublishers.ofByteArray(pack))));
    }

    private Socket startImport(Key key, byte[] start) throws IOException {
        return startChunked(
                "POST",
                "/api/problems/import",
                List.of("Authorization: Bearer " + key.secret(), "Content-Type: application/zip"),
                start);
    }

    private static String finishImport(Socket socket, byte[] rest) throws IOException {
        return finishChunked(socket, rest);
    }
}
