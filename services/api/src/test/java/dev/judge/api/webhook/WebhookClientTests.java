package dev.judge.api.webhook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.judge.api.webhook.WebhookTargets.RefusedTargetException;

/**
 * The webhook client connects only to addresses its own lookup checked: a receiver on loopback stands
 * for the judge's internal network, and a name that resolves elsewhere on its second lookup (DNS
 * rebinding, {@link TestNamesResolverProvider}) must not reach it. The test JVM caches no lookups
 * (surefire's -Dsun.net.inetaddr.ttl=0), as a resolver honouring a zero TTL would not.
 */
class WebhookClientTests {

    private HttpServer receiver;
    private final List<String> received = new CopyOnWriteArrayList<>();

    @BeforeEach
    void startReceiver() throws Exception {
        receiver = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        receiver.createContext("/hook", exchange -> {
            received.add(exchange.getRequestHeaders().getFirst("Judge-Delivery") + " "
                    + new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
            exchange.sendResponseHeaders(204, -1);
            exchange.close();
        });
        receiver.start();
    }

    @AfterEach
    void stopReceiver() {
        receiver.stop(0);
    }

    @Test
    void deliversTheBodyAndHeadersAndReturnsTheStatus() throws Exception {
        WebhookClient client = client(true);
        try {
            int status = client.post(
                    hook("127.0.0.1"), Map.of("Judge-Delivery", "d.1"), "{\"a\":1}".getBytes(), Duration.ofSeconds(5));
            assertThat(status).isEqualTo(204);
            assertThat(received).containsExactly("d.1 {\"a\":1}");
        } finally {
            client.destroy();
        }
    }

    @Test
    void refusesAHostThatResolvesInsideWithoutConnecting() throws Exception {
        WebhookClient client = client(false);
        try {
            assertThatThrownBy(() -> client.post(hook("localhost"), Map.of(), new byte[0], Duration.ofSeconds(5)))
                    .isInstanceOf(RefusedTargetException.class)
                    .hasMessageContaining("not public");
            assertThat(received).isEmpty();
        } finally {
            client.destroy();
        }
    }

    @Test
    void connectsToTheAddressItCheckedNotToThatOfASecondLookup() throws Exception {
        WebhookClient client = client(false);
        TestNamesResolverProvider.rebindingLookups.set(0);
        try {
            // The checked (public) address is unreachable here or slow to answer: the attempt fails,
            // and the loopback receiver, what a second lookup would have given, hears nothing.
            assertThatThrownBy(() -> client.post(
                            hook(TestNamesResolverProvider.REBINDING), Map.of(), new byte[0], Duration.ofSeconds(2)))
                    .isNotInstanceOf(RefusedTargetException.class);
            assertThat(received).isEmpty();
            assertThat(TestNamesResolverProvider.rebindingLookups).hasValue(1);
        } finally {
            client.destroy();
        }
    }

    private URI hook(String host) {
        return URI.create("http://" + host + ":" + receiver.getAddress().getPort() + "/hook");
    }

    private static WebhookClient client(boolean allowPrivateTargets) throws Exception {
        WebhookProperties properties = new WebhookProperties(
                true,
                allowPrivateTargets,
                List.of(80, 443),
                Duration.ofSeconds(2),
                Duration.ofHours(1),
                Duration.ofSeconds(1),
                Duration.ofMinutes(5),
                Duration.ofSeconds(2),
                16,
                4);
        return new WebhookClient(new WebhookTargets(properties), properties);
    }
}
