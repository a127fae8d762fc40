package dev.judge.api.access;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Who may call the API.
 *
 * @param anonymous whether requests without {@code Authorization} are served (as one shared caller
 *        without quotas, that sees only anonymous submissions); on for {@code make local-up}, off in the chart
 * @param adminToken the bearer token of the admin API (keys, and every submission); empty: no admin
 * @param keyCacheTtl how long a replica trusts a key it has looked up: a revoked key stops working
 *        on every replica within this
 * @param defaultPerMinute a new key's submissions per minute, unless given
 * @param defaultMaxWaiting a new key's submissions waiting for a verdict at once, unless given
 * @param keyNamesInMetrics whether metrics name keys (the {@code key} label of judge_quota_refused_total);
 *        off, whoever scrapes the metrics would learn every tenant's name and load: the label is then {@code any}
 * @param webhookSecretOverlap how long a rotated webhook secret still signs deliveries beside the new one
 * @param loadTest the key in-cluster load tests submit with ({@link LoadTestKey})
 */
@ConfigurationProperties("judge.access")
public record AccessProperties(
        @DefaultValue("false") boolean anonymous,
        @DefaultValue("") String adminToken,
        @DefaultValue("10s") Duration keyCacheTtl,
        @DefaultValue("600") int defaultPerMinute,
        @DefaultValue("1000") int defaultMaxWaiting,
        @DefaultValue("false") boolean keyNamesInMetrics,
        @DefaultValue("24h") Duration webhookSecretOverlap,
        @DefaultValue LoadTest loadTest) {

    /**
     * The load tests' key: what k6-operator's runners send (the chart keeps it in a Secret of its own).
     *
     * @param key the key; empty: there is none, and one made before is revoked
     * @param perMinute its submissions per minute: room for the whole burst
     * @param maxWaiting its submissions waiting for a verdict at once: room for the whole burst
     */
    public record LoadTest(
            @DefaultValue("") String key,
            @DefaultValue("20000") int perMinute,
            @DefaultValue("20000") int maxWaiting) {}
}
