package dev.judge.worker.testdata;

import java.net.URI;
import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * Where a worker fetches large problems' tests from, and how many it keeps.
 *
 * @param apiUrl the API's base URL on its management port (where it serves /internal), as this worker reaches it
 * @param token the workers' shared token for the API's test-data endpoint (the chart keeps it in a
 *        Secret); empty: this worker cannot judge problems whose tests come by reference
 * @param cacheSize how many bytes of tests this worker keeps on its disk, least recently used out
 *        first (tests in use stay); must fit the pod's work volume with room for the sandboxes
 * @param fetchAttempts tries per fetch before the request goes back to the queue
 * @param fetchTimeout how long one fetch may take, all of it
 */
@ConfigurationProperties("judge.worker.test-data")
public record TestDataProperties(
        @DefaultValue("http://127.0.0.1:8081") URI apiUrl,
        @DefaultValue("") String token,
        @DefaultValue("2GB") DataSize cacheSize,
        @DefaultValue("3") int fetchAttempts,
        @DefaultValue("5m") Duration fetchTimeout) {}
