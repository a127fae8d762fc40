package dev.judge.api.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Which addresses count as internal: whatever a callback must not reach unless allowed. */
class CallbackTargetsTests {

    @ParameterizedTest
    @ValueSource(strings = {"127.0.0.1", "127.255.0.9", "0.0.0.0", "10.0.0.1", "172.16.5.4", "172.31.255.255",
            "192.168.0.1", "169.254.169.254", "100.64.0.1", "100.127.255.254", "224.0.0.1", "255.255.255.255",
            "::1", "::", "fe80::1", "fc00::1", "fd12:3456::1", "ff02::1", "::ffff:127.0.0.1", "::ffff:10.0.0.1"})
    void refusesInternalAddresses(String address) throws Exception {
        assertThat(CallbackTargets.isInternal(InetAddress.getByName(address))).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"1.1.1.1", "8.8.8.8", "100.63.255.255", "100.128.0.1", "172.32.0.1", "192.169.0.1",
            "2606:4700:4700::1111", "2001:db8::1"})
    void allowsPublicAddresses(String address) throws Exception {
        assertThat(CallbackTargets.isInternal(InetAddress.getByName(address))).isFalse();
    }
}
