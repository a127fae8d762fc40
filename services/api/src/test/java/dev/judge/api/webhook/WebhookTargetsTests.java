package dev.judge.api.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Which addresses count as internal: whatever a callback must not reach unless allowed. */
class WebhookTargetsTests {

    @ParameterizedTest
    @ValueSource(
            strings = {
                "127.0.0.1",
                "127.255.0.9",
                "0.0.0.0",
                "10.0.0.1",
                "172.16.5.4",
                "172.31.255.255",
                "192.168.0.1",
                "169.254.169.254",
                "100.64.0.1",
                "100.127.255.254",
                "224.0.0.1",
                "255.255.255.255",
                "::1",
                "::",
                "fe80::1",
                "fc00::1",
                "fd12:3456::1",
                "ff02::1",
                "::ffff:127.0.0.1",
                "::ffff:10.0.0.1",
                // Special-use IPv4 (IANA): IETF assignments, documentation, 6to4 relay, benchmarking (198.18.0.0/15).
                "192.0.0.8",
                "192.0.2.1",
                "192.88.99.1",
                "198.18.0.1",
                "198.19.255.254",
                "198.51.100.7",
                "203.0.113.9",
                // IPv6 that embeds IPv4: compatible, NAT64, 6to4, Teredo; documentation; discard-only.
                "::127.0.0.1",
                "::a00:1",
                "64:ff9b::7f00:1",
                "64:ff9b::a9fe:a9fe",
                "64:ff9b:1::1",
                "2002:7f00:1::1",
                "2002:a9fe:a9fe::1",
                "2001:0:4136:e378::1",
                "2001:db8::1",
                "100::1",
                "3fff::1"
            })
    void refusesInternalAddresses(String address) throws Exception {
        assertThat(WebhookTargets.isInternal(InetAddress.getByName(address))).isTrue();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "1.1.1.1",
                "8.8.8.8",
                "100.63.255.255",
                "100.128.0.1",
                "172.32.0.1",
                "192.169.0.1",
                "198.17.255.255",
                "198.20.0.1",
                "2606:4700:4700::1111",
                "2a00:1450:4001:80b::200e"
            })
    void allowsPublicAddresses(String address) throws Exception {
        assertThat(WebhookTargets.isInternal(InetAddress.getByName(address))).isFalse();
    }

    private static final WebhookTargets TARGETS = new WebhookTargets(new WebhookProperties(
            true,
            false,
            List.of(80, 443),
            Duration.ofSeconds(2),
            Duration.ofHours(1),
            Duration.ofSeconds(1),
            Duration.ofMinutes(5),
            Duration.ofSeconds(10),
            16,
            4));

    @Test
    void refusesANameThatLeadsInsideWithoutSayingWhere() {
        assertThat(TARGETS.refusal("http://localhost/hook"))
                .hasValueSatisfying(reason -> assertThat(reason)
                        .contains("not public")
                        .doesNotContain("127.0.0.1")
                        .doesNotContain("::1"));
    }

    @Test
    void callsBackOnlyOnTheWebsPortsUnlessConfigured() {
        assertThat(TARGETS.refusal("https://1.1.1.1/hook")).isEmpty();
        assertThat(TARGETS.refusal("http://1.1.1.1:80/hook")).isEmpty();
        assertThat(TARGETS.refusal("https://1.1.1.1:6379/hook"))
                .hasValueSatisfying(reason -> assertThat(reason).contains("ports"));
        assertThat(TARGETS.refusal("http://1.1.1.1:22/hook")).isPresent();
    }
}
