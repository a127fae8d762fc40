package dev.judge.api.access;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

class QuotasTests {

    /** Made by its first refusal, the counter would start at 1: rate() on the dashboard would never show that refusal. */
    @Test
    void refusalCountersExistAtZeroBeforeAnyRefusal() {
        var meters = new SimpleMeterRegistry();

        new Quotas(
                null,
                meters,
                new AccessProperties(
                        false,
                        "",
                        Duration.ofSeconds(10),
                        600,
                        1000,
                        false,
                        Duration.ofHours(24),
                        new AccessProperties.LoadTest("", 20000, 20000)));

        assertThat(meters.find("judge.quota.refused").tag("key", "any").counters())
                .extracting(counter -> counter.getId().getTag("quota") + "=" + counter.count())
                .containsExactlyInAnyOrder(Quota.MINUTE + "=0.0", Quota.WAITING + "=0.0");
    }
}
