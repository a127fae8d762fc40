package dev.judge.api.access;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.UUID;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;

/**
 * The key of in-cluster load tests ({@code judge.access.load-test.key}): k6-operator's runners submit
 * with it, and an ordinary key's quotas would refuse most of a 10,000-submission burst. It may only
 * submit: the problem it submits to is made for it by the API ({@code problem.LoadTestProblem}), so a
 * leaked load-test key makes no problem and imports no package. The configuration owns it: every start
 * makes it, or gives it the configured secret and quotas, on a fixed id; with no key configured, the one
 * made before is revoked, so that turning load tests off takes the credential away. Replicas starting
 * at once write the same row.
 */
@Component
@Order(0)
public class LoadTestKey implements ApplicationRunner {

    public static final UUID ID = UUID.nameUUIDFromBytes("judge:load-test-key".getBytes(StandardCharsets.UTF_8));
    static final String NAME = "load-test";
    private static final Logger log = LoggerFactory.getLogger(LoadTestKey.class);

    private final AccessProperties.LoadTest loadTest;
    private final ApiKeyRepository keys;

    LoadTestKey(AccessProperties properties, ApiKeyRepository keys) {
        this.loadTest = properties.loadTest();
        this.keys = keys;
    }

    @Override
    public void run(ApplicationArguments arguments) {
        if (loadTest.key().isBlank()) {
            if (keys.revoke(ID)) {
                log.info("The load-test key is revoked: judge.access.load-test.key is no longer set");
            }
            return;
        }
        keys.put(
                ID,
                NAME,
                Callers.sha256(loadTest.key()),
                Callers.newKey().webhookSecret(),
                new Quota(loadTest.perMinute(), loadTest.maxWaiting()),
                List.of(Scope.SUBMIT));
        log.info(
                "The load-test key is active ({} per minute, {} waiting)", loadTest.perMinute(), loadTest.maxWaiting());
    }
}
