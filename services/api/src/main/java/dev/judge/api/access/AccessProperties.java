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
 */
@ConfigurationProperties("judge.access")
public record AccessProperties(
        @DefaultValue("false") boolean anonymous,
        @DefaultValue("") String adminToken,
        @DefaultValue("10s") Duration keyCacheTtl,
        @DefaultValue("600") int defaultPerMinute,
        @DefaultValue("1000") int defaultMaxWaiting,
        @DefaultValue("false") boolean keyNamesInMetrics,
        @DefaultValue("24h") Duration webhookSecretOverlap) {
}
