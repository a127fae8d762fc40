package dev.judge.worker.testdata;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

import dev.judge.contracts.TestData;
import dev.judge.contracts.TestGeneration;

/**
 * Stores the tests a worker generated with the API ({@link TestGeneration#path}), which answers with
 * the reference of the version's complete tests: the ones stored first, if another worker's got there
 * before (a preparation sent again). Tried again on a server error, not on a refusal.
 */
class GeneratedTestsUpload {

    private static final Logger log = LoggerFactory.getLogger(GeneratedTestsUpload.class);

    private final InternalApi api;
    private final TestDataProperties properties;
    private final JsonMapper json;

    GeneratedTestsUpload(InternalApi api, TestDataProperties properties, JsonMapper json) {
        this.api = api;
        this.properties = properties;
        this.json = json;
    }

    /** @param lines one {@link TestGeneration.GeneratedTest} per line */
    TestData store(long problemId, int version, Path lines) {
        URI uri = api.uri(TestGeneration.path(problemId, version));
        if (!api.hasToken()) {
            throw new TestDataUnavailableException(
                    "judge.worker.test-data.token is not set, so this worker cannot store "
                            + "the tests it generated for problem " + problemId + " version " + version,
                    null);
        }
        for (int attempt = 1; ; attempt++) {
            try {
                HttpRequest request = api.request(TestGeneration.path(problemId, version))
                        .header("Content-Type", TestData.MEDIA_TYPE)
                        .header("Accept", "application/json")
                        .PUT(HttpRequest.BodyPublishers.ofFile(lines))
                        .build();
                HttpResponse<String> response = api.send(request, HttpResponse.BodyHandlers.ofString());
                if (response.statusCode() == 200) {
                    return json.readValue(response.body(), TestData.class);
                }
                String message = uri + " answered " + response.statusCode() + ": "
                        + response.body()
                                .substring(0, Math.min(1024, response.body().length()));
                if (response.statusCode() < 500 || attempt >= properties.fetchAttempts()) {
                    throw new TestDataUnavailableException(message, null);
                }
                log.warn(
                        "Storing generated tests failed (attempt {} of {}): {}",
                        attempt,
                        properties.fetchAttempts(),
                        message);
            } catch (IOException | JacksonException e) {
                if (attempt >= properties.fetchAttempts()) {
                    throw new TestDataUnavailableException(
                            "Storing the generated tests at " + uri + " failed: " + e.getMessage(), e);
                }
                log.warn(
                        "Storing generated tests at {} failed (attempt {} of {}): {}",
                        uri,
                        attempt,
                        properties.fetchAttempts(),
                        e.getMessage());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new TestDataUnavailableException("Interrupted while storing generated tests at " + uri, e);
            }
            try {
                Thread.sleep(Duration.ofSeconds(attempt));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new TestDataUnavailableException("Interrupted while waiting to store generated tests again", e);
            }
        }
    }
}
