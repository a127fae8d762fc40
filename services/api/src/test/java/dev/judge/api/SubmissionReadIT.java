package dev.judge.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.waitAtMost;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import tools.jackson.databind.JsonNode;

import dev.judge.contracts.SubmissionNotifications;

/**
 * How reads of submissions hold under clients that poll too often: answered from memory, 304 when
 * nothing changed, 429 when polled far sooner than {@code Retry-After}, 503 at once rather than a
 * wait when the database is needed and busy. This replica may read nothing from the database for a
 * poll ({@code max-database-reads=0}), so every 200 below comes from memory, kept current by the
 * change notices the result consumer sends (sent here by hand, as it sends them).
 */
@SpringBootTest(
        webEnvironment = WebEnvironment.RANDOM_PORT,
        properties = {
            "judge.access.anonymous=true",
            "judge.submissions.reads.max-database-reads=0",
            "judge.submissions.reads.database-read-wait=0s",
            "judge.submissions.reads.cache-size=2",
            "judge.submissions.polling.max-retry-after=2s"
        })
class SubmissionReadIT extends LiveApi {

    private long problemId;

    @BeforeEach
    void createProblem() throws Exception {
        HttpResponse<String> created = send(request("/api/problems")
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("""
                        {"title": "Echo", "timeLimitMs": 1000, "memoryLimitMb": 128,
                         "testCases": [{"input": "1\\n", "expectedOutput": "1\\n"}]}""")));
        problemId = json.readTree(created.body()).get("id").asLong();
    }

    @Test
    void answersAnUnchangedSubmissionWith304AndAChangedOneInFull() throws Exception {
        HttpResponse<String> accepted = submit();
        UUID id = UUID.fromString(json.readTree(accepted.body()).get("id").asString());
        waitFor(accepted);

        HttpResponse<String> first = poll(id, null);
        assertThat(first.statusCode()).isEqualTo(200);
        String etag = first.headers().firstValue("ETag").orElseThrow();
        waitFor(first);
        HttpResponse<String> unchanged = poll(id, etag);
        assertThat(unchanged.statusCode()).isEqualTo(304);
        assertThat(unchanged.body()).isEmpty();
        assertThat(unchanged.headers().firstValue("ETag")).hasValue(etag);
        assertThat(unchanged.headers().firstValue("Retry-After")).isPresent();

        // What the result consumer does when a worker starts judging it.
        jdbc.sql("update submission set status = 'RUNNING', started_at = now() where id = ?")
                .param(id)
                .update();
        jdbc.sql("select pg_notify(?, ?)")
                .param(SubmissionNotifications.CHANNEL)
                .param(id.toString())
                .query(String.class)
                .single();

        // The notice clears the pacing too, so the next poll is answered at once, in full.
        waitAtMost(Duration.ofSeconds(10)).untilAsserted(() -> {
            HttpResponse<String> changed = poll(id, etag);
            assertThat(changed.statusCode()).isEqualTo(200);
            assertThat(json.readTree(changed.body()).get("status").asString()).isEqualTo("RUNNING");
            assertThat(changed.headers().firstValue("ETag").orElseThrow()).isNotEqualTo(etag);
        });
    }

    @Test
    void answersAPollFarSoonerThanRetryAfterWith429AndStillAcceptsSubmissions() throws Exception {
        HttpResponse<String> accepted = submit();
        UUID id = UUID.fromString(json.readTree(accepted.body()).get("id").asString());

        HttpResponse<String> tooSoon = poll(id, null);
        assertThat(tooSoon.statusCode()).isEqualTo(429);
        assertProblem(tooSoon, 429, "Polled too soon");
        assertThat(submit().statusCode()).isEqualTo(202);

        waitFor(tooSoon);
        assertThat(poll(id, null).statusCode()).isEqualTo(200);
    }

    @Test
    void holdsEverySubmissionStillWaitedOnHoweverSmallTheCache() throws Exception {
        // More than the cache's size: were any of them dropped, its poll would need the database (503).
        List<HttpResponse<String>> accepted = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            accepted.add(submit());
        }
        waitFor(accepted.stream()
                .max(Comparator.comparingLong(SubmissionReadIT::retryAfter))
                .orElseThrow());
        for (HttpResponse<String> submission : accepted) {
            UUID id = UUID.fromString(json.readTree(submission.body()).get("id").asString());
            HttpResponse<String> polled = poll(id, null);
            assertThat(polled.statusCode()).as("poll of %s", id).isEqualTo(200);
            assertThat(json.readTree(polled.body()).get("status").asString()).isEqualTo("QUEUED");
        }
    }

    @Test
    void answers503AtOnceWhenAReadNeedsTheBusyDatabase() throws Exception {
        // A submission this replica did not accept, so not in its memory.
        UUID elsewhere = jdbc.sql("""
                insert into submission (id, problem_id, problem_version, language, source_code)
                values (gen_random_uuid(), ?, 1, 'python', 'print(1)') returning id""").param(problemId).query(UUID.class).single();

        HttpResponse<String> busy = poll(elsewhere, null);
        assertProblem(busy, 503, "Busy");
        assertThat(submit().statusCode()).isEqualTo(202);
    }

    private void assertProblem(HttpResponse<String> response, int status, String title) throws Exception {
        assertThat(response.statusCode()).isEqualTo(status);
        assertThat(response.headers().firstValue("Content-Type")).hasValue("application/problem+json");
        assertThat(Long.parseLong(response.headers().firstValue("Retry-After").orElseThrow()))
                .isPositive();
        JsonNode problem = json.readTree(response.body());
        assertThat(problem.get("title").asString()).isEqualTo(title);
        assertThat(problem.get("retryAfterSeconds").asLong()).isPositive();
    }

    /** As a polite client does: wait as long as the answer's Retry-After says. */
    private static void waitFor(HttpResponse<String> response) throws InterruptedException {
        Thread.sleep(1000 * retryAfter(response));
    }

    private static long retryAfter(HttpResponse<String> response) {
        return Long.parseLong(response.headers().firstValue("Retry-After").orElseThrow());
    }

    private HttpResponse<String> submit() throws Exception {
        return send(request("/api/submissions")
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(
                        "{\"problemId\": %d, \"language\": \"python\", \"sourceCode\": \"print(input())\"}"
                                .formatted(problemId))));
    }

    private HttpResponse<String> poll(UUID id, String etag) throws Exception {
        HttpRequest.Builder request = request("/api/submissions/" + id).GET();
        if (etag != null) {
            request.header("If-None-Match", etag);
        }
        return send(request);
    }
}
