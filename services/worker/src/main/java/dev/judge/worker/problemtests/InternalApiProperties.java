package dev.judge.worker.problemtests;

import java.net.URI;
import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How a worker reaches the API's internal endpoints ({@link InternalApi}): large problems' tests, the
 * tests it generated, whether a version is still to be prepared.
 *
 * @param url the API's base URL on its management port (where it serves /internal), as this worker reaches it
 * @param token the workers' shared token, the API's {@code judge.test-data.worker-token} (the chart keeps
 *        it in a Secret); empty: this worker cannot judge problems whose tests come by reference, nor
 *        generate tests
 * @param attempts tries per call before the message that needed it goes back to its queue
 * @param timeout how long one call may take, all of it
 */
@ConfigurationProperties("judge.worker.internal-api")
public record InternalApiProperties(
        @DefaultValue("http://127.0.0.1:8081") URI url,
        @DefaultValue("") String token,
        @DefaultValue("3") int attempts,
        @DefaultValue("5m") Duration timeout) {}
