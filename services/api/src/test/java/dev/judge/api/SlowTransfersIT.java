package dev.judge.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.Socket;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.springframework.test.context.TestPropertySource;

import dev.judge.contracts.TestData;

/**
 * Setters' uploads of tests as a hostile client sends them: a few bytes, then nothing for a while.
 * A slow upload must hold neither a database connection (the tests are read in full before the
 * transaction that stores them) nor one of the replica's transfer slots (its body is spooled to disk
 * under its key's share first: two keys' slow uploads had held both slots, and every other tenant's
 * upload was 503 until they ended). The pool here is small and its wait short, so that a held pool
 * shows at once.
 */
@TestPropertySource(
        properties = {
            "spring.datasource.hikari.maximum-pool-size=4",
            "spring.datasource.hikari.connection-timeout=3000",
            "judge.test-data.max-concurrent-transfers=" + SlowTransfersIT.SLOTS,
            // One caller's: past the replica's slots, not its own.
            "judge.test-data.max-concurrent-transfers-per-key=" + (SlowTransfersIT.SLOTS + 1)
        })
class SlowTransfersIT extends LiveApi {

    static final int SLOTS = 8;

    @Test
    void slowUploadsHoldNeitherADatabaseConnectionNorAnyOfTheReplicasSlots() throws Exception {
        long problem = plainProblem();
        List<Socket> uploads = new ArrayList<>();
        try {
            for (int i = 0; i < SLOTS; i++) {
                // One whole test, then the start of the next: the first is read before anything else is looked at.
                uploads.add(startUpload(problem, "{\"input\": \"1\", \"expectedOutput\": \"1\"}\n{\"input\": \""));
            }
            Thread.sleep(1000); // every upload is in, waiting for its client

            // Twice the pool's size in slow uploads, and an unrelated read is answered at once.
            HttpResponse<String> read = send(request("/api/problems/" + problem)
                    .timeout(Duration.ofSeconds(2))
                    .GET());
            assertThat(read.statusCode()).isEqualTo(200);

            // As many slow uploads as the replica has slots, and one that comes at once still gets one.
            HttpResponse<String> oneMore = send(request("/api/problems/" + problem + "/tests")
                    .header("Content-Type", TestData.MEDIA_TYPE)
                    .timeout(Duration.ofSeconds(5))
                    .PUT(HttpRequest.BodyPublishers.ofString("{\"input\": \"1\", \"expectedOutput\": \"1\"}\n")));
            assertThat(oneMore.statusCode()).isEqualTo(200);

            for (Socket upload : uploads) {
                assertThat(finishUpload(upload, "1\", \"expectedOutput\": \"1\"}\n"))
                        .startsWith("HTTP/1.1 200");
            }
        } finally {
            for (Socket upload : uploads) {
                upload.close();
            }
        }
        assertThat(jdbc.sql("select version from problem where id = ?")
                        .param(problem)
                        .query(Integer.class)
                        .single())
                .isEqualTo(1 + SLOTS + 1);
    }

    private Socket startUpload(long problem, String start) throws IOException {
        return startChunked(
                "PUT",
                "/api/problems/" + problem + "/tests",
                List.of("Content-Type: " + TestData.MEDIA_TYPE),
                start.getBytes(StandardCharsets.UTF_8));
    }

    private static String finishUpload(Socket upload, String rest) throws IOException {
        return finishChunked(upload, rest.getBytes(StandardCharsets.UTF_8));
    }
}
