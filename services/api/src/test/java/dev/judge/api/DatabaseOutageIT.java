package dev.judge.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The database lost as a failover loses it (CloudNativePG's primary deleted: every connection cut, new
 * ones refused until the replica is promoted): a submission is answered 503 with Retry-After, never
 * 500, and is accepted again once the database is back. The API reaches the real PostgreSQL through
 * a proxy the test cuts.
 */
class DatabaseOutageIT extends LiveApi {

    private static CuttableProxy database;

    @DynamicPropertySource
    static void throughTheProxy(DynamicPropertyRegistry properties) throws Exception {
        URI real = URI.create(System.getenv()
                .getOrDefault("SPRING_DATASOURCE_URL", "jdbc:postgresql://127.0.0.1:5432/judge")
                .substring("jdbc:".length()));
        database = new CuttableProxy(real.getHost(), real.getPort());
        properties.add(
                "spring.datasource.url", () -> "jdbc:postgresql://127.0.0.1:" + database.port() + real.getPath());
        // A lost database shows within this wait for a connection (30 s in production).
        properties.add("spring.datasource.hikari.connection-timeout", () -> "2000");
    }

    @AfterAll
    static void closeProxy() throws Exception {
        database.close();
    }

    @Test
    void aSubmissionWhileTheDatabaseIsLostIs503WithRetryAfterAndAcceptedOnceItIsBack() throws Exception {
        String submission = """
                {"problemId": %d, "language": "python", "sourceCode": "print(3)"}""".formatted(plainProblem());
        assertThat(post("/api/submissions", submission).statusCode()).isEqualTo(202);

        database.cut();
        try {
            HttpResponse<String> lost = post("/api/submissions", submission);
            assertThat(lost.statusCode()).as(lost.body()).isEqualTo(503);
            assertThat(lost.headers().firstValue("Retry-After")).isPresent();
        } finally {
            database.restore();
        }

        Instant deadline = Instant.now().plus(Duration.ofSeconds(20));
        int status;
        while ((status = post("/api/submissions", submission).statusCode()) != 202
                && Instant.now().isBefore(deadline)) {
            assertThat(status).isEqualTo(503);
            Thread.sleep(500);
        }
        assertThat(status).isEqualTo(202);
    }
}
