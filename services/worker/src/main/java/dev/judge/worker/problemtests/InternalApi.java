package dev.judge.worker.problemtests;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import tools.jackson.core.JacksonException;

import dev.judge.contracts.TestData;

/**
 * The API's internal endpoints as a worker calls them (its tests, the tests it generated, whether a
 * version is still to be prepared): at {@code judge.worker.internal-api.url}, the API's management
 * port, each request with the workers' token, over one HTTP client.
 */
@Component
public class InternalApi {

    private static final Logger log = LoggerFactory.getLogger(InternalApi.class);

    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final InternalApiProperties properties;

    /** One try of a call to the API. */
    @FunctionalInterface
    interface Call<T> {
        T attempt() throws IOException, InterruptedException;
    }

    /** The API refused (4xx): trying again will not help. */
    static final class Refused extends TestDataUnavailableException {

        Refused(String message) {
            super(message, null);
        }
    }

    public InternalApi(InternalApiProperties properties) {
        this.properties = properties;
    }

    /** Whether this worker has the workers' token: without it the API answers it nothing. */
    public boolean hasToken() {
        return !properties.token().isEmpty();
    }

    public URI uri(String path) {
        return properties.url().resolve(path);
    }

    /** A request to {@code path} with the token, given up after {@code judge.worker.internal-api.timeout}. */
    public HttpRequest.Builder request(String path) {
        return HttpRequest.newBuilder(uri(path))
                .header(TestData.TOKEN_HEADER, properties.token())
                .timeout(properties.timeout());
    }

    /** @throws TestDataUnavailableException when this worker has no token, naming what it cannot do */
    void requireToken(String toDoWhat) {
        if (!hasToken()) {
            throw new TestDataUnavailableException(
                    "judge.worker.internal-api.token is not set, so this worker cannot " + toDoWhat, null);
        }
    }

    /**
     * {@code call}, tried again after an I/O failure, a server error (thrown as {@link IOException}) or
     * a body it could not read, up to {@code judge.worker.internal-api.attempts} times, a second
     * longer between each; a {@link Refused} ends it at once.
     *
     * @param what what the call does, for the log and the exception ("Fetching <uri>")
     */
    <T> T withRetries(String what, Call<T> call) {
        for (int attempt = 1; ; attempt++) {
            try {
                return call.attempt();
            } catch (IOException | JacksonException e) {
                if (attempt >= properties.attempts()) {
                    throw new TestDataUnavailableException(what + " failed: " + e.getMessage(), e);
                }
                log.warn("{} failed (attempt {} of {}): {}", what, attempt, properties.attempts(), e.getMessage());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new TestDataUnavailableException("Interrupted: " + what, e);
            }
            try {
                Thread.sleep(Duration.ofSeconds(attempt));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new TestDataUnavailableException("Interrupted while waiting to try again: " + what, e);
            }
        }
    }

    public <T> HttpResponse<T> send(HttpRequest request, HttpResponse.BodyHandler<T> body)
            throws IOException, InterruptedException {
        return http.send(request, body);
    }
}
