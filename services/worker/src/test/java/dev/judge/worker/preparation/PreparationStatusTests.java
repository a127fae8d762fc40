package dev.judge.worker.preparation;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

import dev.judge.contracts.ProblemPreparation;
import dev.judge.worker.problemtests.InternalApi;
import dev.judge.worker.problemtests.InternalApiProperties;
import dev.judge.worker.problemtests.TestDataServer;

/** A preparation sent again is dropped once its version is prepared; when the API cannot say, it is done. */
class PreparationStatusTests {

    private final TestDataServer api;

    PreparationStatusTests() throws IOException {
        api = new TestDataServer();
    }

    @AfterEach
    void stop() {
        api.close();
    }

    @Test
    void onlyAVersionStillPreparingOrOneTheApiCannotSpeakOfIsPrepared() {
        api.preparation(1, 1, "PREPARING");
        api.preparation(2, 1, "READY");
        api.preparation(3, 1, "FAILED");
        PreparationStatus status = status(api.url(), TestDataServer.TOKEN);

        assertThat(List.of(1L, 2L, 3L, 4L))
                .map(problem -> status.stillPreparing(preparation(problem)))
                .containsExactly(true, false, false, true);
        assertThat(status(api.url(), "guess").stillPreparing(preparation(2)))
                .as("refused: prepare all the same")
                .isTrue();
        assertThat(status("http://127.0.0.1:1", TestDataServer.TOKEN).stillPreparing(preparation(2)))
                .isTrue();
    }

    private static PreparationStatus status(String url, String token) {
        return new PreparationStatus(
                new InternalApi(new InternalApiProperties(URI.create(url), token, 1, Duration.ofSeconds(5))),
                JsonMapper.builder().build());
    }

    private static ProblemPreparation preparation(long problemId) {
        return new ProblemPreparation(problemId, 1, null, null, null, List.of(), null, List.of(), null);
    }
}
