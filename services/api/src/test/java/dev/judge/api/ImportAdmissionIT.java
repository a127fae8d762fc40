package dev.judge.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.Socket;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;

import dev.judge.api.problem.importing.polygon.TestPackages;
import dev.judge.contracts.TestData;
import dev.judge.contracts.TestGeneration;

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
            "judge.test-data.max-stored-per-key=" + ImportAdmissionIT.QUOTA_BYTES + "B",
            "judge.test-data.worker-token=" + ImportAdmissionIT.WORKER_TOKEN
        })
class ImportAdmissionIT extends LiveApi {

    static final int QUOTA_BYTES = 4000;
    static final String WORKER_TOKEN = "admitting-workers";

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

    /**
     * The tests a worker generates for a key's problem count against the key's quota as uploaded ones do:
     * past it, nothing is stored and the worker is told so (413). They had been stored uncounted, so a
     * generator could fill the database on a key's behalf.
     */
    @Test
    void testsGeneratedForAKeysProblemCountAgainstItsQuota() throws Exception {
        Key key = createSetterKey("generating");
        HttpResponse<String> imported = importPackage(key, TestPackages.zip(TestPackages.sumOfTwoToGenerate()));
        assertThat(imported.statusCode()).as(imported.body()).isEqualTo(201);
        long id = json.readTree(imported.body()).get("id").asLong();
        String tooLarge = """
                {"test": 1, "expectedOutput": "3\\n"}
                {"test": 2, "input": "1 10\\n", "expectedOutput": "11\\n"}
                {"test": 3, "input": "2 10\\n", "expectedOutput": "12\\n"}
                {"test": 4, "input": "3 1000000\\n", "expectedOutput": "%s"}
                """.formatted("1".repeat(QUOTA_BYTES));

        HttpResponse<String> stored = send(managementRequest(TestGeneration.path(id, 1))
                .header("Content-Type", TestData.MEDIA_TYPE)
                .header(TestData.TOKEN_HEADER, WORKER_TOKEN)
                .PUT(HttpRequest.BodyPublishers.ofString(tooLarge)));

        assertThat(stored.statusCode()).as(stored.body()).isEqualTo(413);
        assertThat(stored.body()).contains("max-stored-per-key");
        assertThat(jdbc.sql(
                                "select tests_generated_at is null and test_data_bytes < 100 from problem_version where problem_id = ?")
                        .param(id)
                        .query(Boolean.class)
                        .single())
                .as("nothing of it stored")
                .isTrue();
    }

    /**
     * A key's writes of tests are counted one at a time, whichever problems and replicas they go to: two
     * had each read the room left before the other stored, and together stored past the quota. Shown by
     * holding the key's lock (the advisory lock ProblemRepository takes): a write waits for it.
     */
    @Test
    void aKeysWritesOfTestsAreCountedOneAtATime(@Autowired DataSource database) throws Exception {
        Key key = createSetterKey("one-at-a-time");
        try (Connection held = database.getConnection()) {
            held.setAutoCommit(false);
            try (PreparedStatement lock = held.prepareStatement("select pg_advisory_xact_lock(?, hashtext(?))")) {
                lock.setInt(1, 0x74657374);
                lock.setString(2, key.id().toString());
                lock.execute();
            }
            CompletableFuture<HttpResponse<String>> created = CompletableFuture.supplyAsync(() -> {
                try {
                    return createProblem(key, "x");
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            Thread.sleep(1500);
            assertThat(created)
                    .as("a write while another of the key's holds its count")
                    .isNotDone();
            held.rollback();
            assertThat(created.get(30, TimeUnit.SECONDS).statusCode()).isEqualTo(201);
        }
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
