package dev.judge.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.BooleanSupplier;
import javax.sql.DataSource;

import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;

/**
 * The submission writer stores a burst in batches: one statement per key for the places, one for
 * the rows. A batch whose rows break a check is stored one by one, so that every refusal is its own
 * submission's, and the places of those not stored are given back. One writer, held on a key's row
 * lock, lets the test gather a batch whose content it knows.
 */
@SpringBootTest(
        webEnvironment = WebEnvironment.RANDOM_PORT,
        properties = {AccessIT.ADMIN_TOKEN_PROPERTY, "judge.submissions.writers=1"})
class SubmissionWriterIT extends LiveApi {

    @Autowired
    DataSource dataSource;

    @Autowired
    MeterRegistry meters;

    @Test
    void aBatchStoresWhatItMayAndRefusesEachOfTheRestForItsOwnReason() throws Exception {
        long ready = problem("{}");
        long preparing = problem(
                "{\"kind\": \"custom\", \"language\": \"python\", \"sourceCode\": \"import sys; sys.exit(0)\"}");
        Key holder = createKey("holder", 100, 100);
        Key twoWaiting = createKey("two-waiting", 100, 2);
        Key mixed = createKey("mixed", 100, 100);

        List<Future<Integer>> first;
        List<Future<Integer>> toTwoWaiting = new ArrayList<>();
        List<Future<Integer>> toReady = new ArrayList<>();
        List<Future<Integer>> toPreparing = new ArrayList<>();
        try (ExecutorService clients = Executors.newFixedThreadPool(12);
                Connection lock = dataSource.getConnection();
                Statement statement = lock.createStatement()) {
            // The writer's first batch, holder's one submission, waits for this lock on holder's row.
            lock.setAutoCommit(false);
            statement.execute("select 1 from api_key where id = '" + holder.id() + "' for update");
            first = List.of(clients.submit(submit(holder, ready)));
            await("the writer to wait for the lock", () -> waitingForALock() == 1);
            // Meanwhile the next batch gathers.
            for (int i = 0; i < 3; i++) {
                toTwoWaiting.add(clients.submit(submit(twoWaiting, ready)));
            }
            for (int i = 0; i < 4; i++) {
                toReady.add(clients.submit(submit(mixed, ready)));
                toPreparing.add(clients.submit(submit(mixed, preparing)));
            }
            await("11 submissions handed to the writer", () -> handedOver() == 11);
            lock.commit();

            assertThat(statuses(first)).containsExactly(202);
            assertThat(statuses(toTwoWaiting)).containsExactlyInAnyOrder(202, 202, 429);
            assertThat(statuses(toReady)).containsOnly(202).hasSize(4);
            assertThat(statuses(toPreparing)).containsOnly(409).hasSize(4);
        }
        assertThat(meters.get("judge.submissions.write.batch").summary().max()).isEqualTo(11);
        assertThat(rowsAndWaiting(holder)).containsExactly(1L, 1L);
        assertThat(rowsAndWaiting(twoWaiting)).containsExactly(2L, 2L);
        // The four refused for the problem being prepared gave their places back.
        assertThat(rowsAndWaiting(mixed)).containsExactly(4L, 4L);
    }

    private long problem(String checker) throws Exception {
        HttpResponse<String> created = send(as(
                AccessIT.ADMIN_TOKEN,
                request("/api/problems")
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(
                                """
                                {"title": "Batched", "timeLimitMs": 1000, "memoryLimitMb": 64, "submitters": "PUBLIC",
                                 "checker": %s, "testCases": [{"input": "1", "expectedOutput": "1"}]}""".formatted(checker.equals("{}") ? "{\"kind\": \"exact\"}" : checker)))));
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        return json.readTree(created.body()).get("id").asLong();
    }

    private Callable<Integer> submit(Key key, long problemId) {
        return () -> send(as(
                        key.secret(),
                        request("/api/submissions")
                                .header("Content-Type", "application/json")
                                .POST(HttpRequest.BodyPublishers.ofString(
                                        "{\"problemId\": %d, \"language\": \"python\", \"sourceCode\": \"print(1)\"}"
                                                .formatted(problemId)))))
                .statusCode();
    }

    private static List<Integer> statuses(List<Future<Integer>> answers) throws Exception {
        List<Integer> statuses = new ArrayList<>();
        for (Future<Integer> answer : answers) {
            statuses.add(answer.get());
        }
        return statuses;
    }

    private long waitingForALock() {
        return jdbc.sql(
                        "select count(*) from pg_stat_activity where wait_event_type = 'Lock' and query like '%api_key%'")
                .query(Long.class)
                .single();
    }

    private double handedOver() {
        return meters.get("judge.submissions.write.waiting").gauge().value();
    }

    private List<Long> rowsAndWaiting(Key key) {
        return jdbc.sql("""
                        select (select count(*) from submission where api_key_id = :id),
                               (select waiting from api_key where id = :id)""")
                .param("id", key.id())
                .query((rs, row) -> List.of(rs.getLong(1), rs.getLong(2)))
                .single();
    }

    private static void await(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("Waited 20 s for " + what);
            }
            Thread.sleep(20);
        }
    }
}
