package dev.judge.worker.testdata;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

import org.springframework.stereotype.Component;

import dev.judge.contracts.TestData;

/**
 * The API's internal endpoints as a worker calls them (its tests, the tests it generated, whether a
 * version is still to be prepared): at {@code judge.worker.test-data.api-url}, the API's management
 * port, each request with the workers' token, over one HTTP client.
 */
@Component
public class InternalApi {

    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final TestDataProperties properties;

    public InternalApi(TestDataProperties properties) {
        this.properties = properties;
    }

    /** Whether this worker has the workers' token: without it the API answers it nothing. */
    public boolean hasToken() {
        return !properties.token().isEmpty();
    }

    public URI uri(String path) {
        return properties.apiUrl().resolve(path);
    }

    /** A request to {@code path} with the token, given up after {@code judge.worker.test-data.fetch-timeout}. */
    public HttpRequest.Builder request(String path) {
        return HttpRequest.newBuilder(uri(path))
                .header(TestData.TOKEN_HEADER, properties.token())
                .timeout(properties.fetchTimeout());
    }

    public <T> HttpResponse<T> send(HttpRequest request, HttpResponse.BodyHandler<T> body)
            throws IOException, InterruptedException {
        return http.send(request, body);
    }
}
