package dev.judge.worker.preparation;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpResponse;
import java.time.Duration;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import dev.judge.contracts.PreparationResult;
import dev.judge.contracts.ProblemPreparation;
import dev.judge.worker.problemtests.InternalApi;

/**
 * Asks the API whether a version is still to be prepared before a worker spends minutes on it: the API
 * sends a preparation again when it has heard nothing of it for long (lost with a broker), and the first
 * may only have been queued behind others, or be under way on another worker (which said so lately).
 * When the API cannot say, the worker prepares: a preparation done twice is harmless, one never done is not.
 */
@Component
class PreparationStatus {

    private static final Logger log = LoggerFactory.getLogger(PreparationStatus.class);

    private final InternalApi api;
    private final JsonMapper json;

    PreparationStatus(InternalApi api, JsonMapper json) {
        this.api = api;
        this.json = json;
    }

    boolean stillPreparing(ProblemPreparation preparation) {
        if (!api.hasToken()) {
            return true;
        }
        String path = ProblemPreparation.statusPath(preparation.problemId(), preparation.version());
        URI uri = api.uri(path);
        try {
            HttpResponse<String> response = api.send(
                    api.request(path).timeout(Duration.ofSeconds(10)).GET().build(),
                    HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                log.warn("{} answered {}; preparing all the same", uri, response.statusCode());
                return true;
            }
            JsonNode state = json.readTree(response.body());
            return PreparationResult.Status.valueOf(state.path("status").asString())
                            == PreparationResult.Status.PREPARING
                    && !state.path("underWay").asBoolean(false);
        } catch (IOException | JacksonException | IllegalArgumentException e) {
            log.warn("Could not ask {} ({}); preparing all the same", uri, e.getMessage());
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return true;
        }
    }
}
