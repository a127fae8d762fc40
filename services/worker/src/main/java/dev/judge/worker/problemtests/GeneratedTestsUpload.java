package dev.judge.worker.problemtests;

import java.io.IOException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;

import tools.jackson.databind.json.JsonMapper;

import dev.judge.contracts.TestData;
import dev.judge.contracts.TestGeneration;

/**
 * Stores the tests a worker generated with the API ({@link TestGeneration#path}), which answers with
 * the reference of the version's complete tests: the ones stored first, if another worker's got there
 * before (a preparation sent again). Tried again as {@link InternalApi#withRetries} says.
 */
class GeneratedTestsUpload {

    private final InternalApi api;
    private final JsonMapper json;

    GeneratedTestsUpload(InternalApi api, JsonMapper json) {
        this.api = api;
        this.json = json;
    }

    /** @param lines one {@link TestGeneration.GeneratedTest} per line */
    TestData store(long problemId, int version, Path lines) {
        api.requireToken("store the tests it generated for problem " + problemId + " version " + version);
        String path = TestGeneration.path(problemId, version);
        return api.withRetries("Storing the generated tests at " + api.uri(path), () -> {
            HttpRequest request = api.request(path)
                    .header("Content-Type", TestData.MEDIA_TYPE)
                    .header("Accept", "application/json")
                    .PUT(HttpRequest.BodyPublishers.ofFile(lines))
                    .build();
            HttpResponse<String> response = api.send(request, HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() == 200) {
                return json.readValue(response.body(), TestData.class);
            }
            String message = api.uri(path) + " answered " + response.statusCode() + ": "
                    + response.body()
                            .substring(0, Math.min(1024, response.body().length()));
            // A server error may pass; a refusal (a wrong token, tests not to be made) will not.
            if (response.statusCode() >= 500) {
                throw new IOException(message);
            }
            if (response.statusCode() == 413) {
                throw new TestDataOverQuotaException(response.body()
                        .substring(0, Math.min(1024, response.body().length())));
            }
            throw new InternalApi.Refused(message);
        });
    }
}
