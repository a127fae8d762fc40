package dev.judge.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.waitAtMost;

import java.net.InetSocketAddress;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import tools.jackson.databind.JsonNode;

import dev.judge.api.webhook.WebhookSignature;
import dev.judge.contracts.SubmissionNotifications;
import dev.judge.contracts.Verdict;
import dev.judge.contracts.stored.StoredResult;

/**
 * Deliveries to a receiver on loopback (allowed here by judge.webhooks.allow-private-targets), once
 * the submission is finished as the result consumer finishes it. The receiver checks nothing: the
 * test checks what it got.
 */
@SpringBootTest(
        webEnvironment = WebEnvironment.RANDOM_PORT,
        properties = {
            AccessIT.ADMIN_TOKEN_PROPERTY,
            "judge.webhooks.enabled=true",
            "judge.webhooks.allow-private-targets=true",
            "judge.webhooks.first-retry-delay=200ms",
            "judge.webhooks.concurrency=4",
            "judge.webhooks.per-key-concurrency=2"
        })
class WebhookIT extends LiveApi {

    private HttpServer receiver;
    private final List<Delivery> received = new CopyOnWriteArrayList<>();
    private final AtomicInteger failuresLeft = new AtomicInteger();

    private record Delivery(String signature, String deliveryId, byte[] body) {}

    @BeforeEach
    void startReceiver() throws Exception {
        receiver = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        receiver.createContext("/hook", exchange -> {
            byte[] body = exchange.getRequestBody().readAllBytes();
            boolean fail = failuresLeft.getAndUpdate(left -> Math.max(0, left - 1)) > 0;
            if (!fail) {
                received.add(new Delivery(
                        exchange.getRequestHeaders().getFirst(WebhookSignature.HEADER),
                        exchange.getRequestHeaders().getFirst("Judge-Delivery"),
                        body));
            }
            exchange.sendResponseHeaders(fail ? 503 : 204, -1);
            exchange.close();
        });
        receiver.createContext("/slow", exchange -> {
            exchange.getRequestBody().readAllBytes();
            try {
                // Past the wait below, within an attempt's 10 s: a delivery stuck behind these fails it.
                Thread.sleep(5000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            exchange.sendResponseHeaders(204, -1);
            exchange.close();
        });
        receiver.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        receiver.start();
    }

    @AfterEach
    void stopReceiver() {
        receiver.stop(0);
    }

    @Test
    void deliversTheFinishedSubmissionSignedWithTheKeysSecret() throws Exception {
        JsonNode key = createKey();
        UUID id = submit(key.get("key").asString());
        assertThat(get(key, id).get("callback").get("status").asString()).isEqualTo("PENDING");

        finish(id);

        waitAtMost(Duration.ofSeconds(10)).until(() -> received.size() == 1);
        Delivery delivery = received.getFirst();
        assertThat(delivery.deliveryId()).isEqualTo(id + ".1");
        long sentAt = Long.parseLong(delivery.signature().replaceAll("^t=(\\d+),.*", "$1"));
        assertThat(delivery.signature())
                .isEqualTo(WebhookSignature.of(key.get("webhookSecret").asString(), sentAt, delivery.body()));
        assertThat(delivery.signature()).isNotEqualTo(WebhookSignature.of("another secret", sentAt, delivery.body()));
        JsonNode body = json.readTree(new String(delivery.body(), StandardCharsets.UTF_8));
        assertThat(body.get("id").asString()).isEqualTo(id.toString());
        assertThat(body.get("verdict").asString()).isEqualTo("ACCEPTED");

        waitAtMost(Duration.ofSeconds(5)).untilAsserted(() -> {
            JsonNode callback = get(key, id).get("callback");
            assertThat(callback.get("status").asString()).isEqualTo("DELIVERED");
            assertThat(callback.get("attempts").asInt()).isEqualTo(1);
            assertThat(callback.get("lastResult").asString()).isEqualTo("HTTP 204");
        });
    }

    @Test
    void aDeliveryShowsWhatTheKeysPollWouldUnderItsProblemsFeedbackPolicy() throws Exception {
        // The admin's problem, which the key only submits to.
        HttpResponse<String> created = send(as(
                AccessIT.ADMIN_TOKEN,
                request("/api/problems")
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString("""
                        {"title": "Two", "timeLimitMs": 1000, "memoryLimitMb": 64, "submitters": "PUBLIC",
                         "feedback": "summary", "samples": [1],
                         "testCases": [{"input": "1", "expectedOutput": "1"}, {"input": "2", "expectedOutput": "2"}]}"""))));
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        long problemId = json.readTree(created.body()).get("id").asLong();
        JsonNode key = createKey();
        HttpResponse<String> accepted = send(request("/api/submissions")
                .header("Content-Type", "application/json")
                .header("Authorization", "Bearer " + key.get("key").asString())
                .POST(HttpRequest.BodyPublishers.ofString(
                        """
                        {"problemId": %d, "language": "python", "sourceCode": "print(input())",
                         "callbackUrl": "http://127.0.0.1:%d/hook"}""".formatted(problemId, receiver.getAddress().getPort()))));
        assertThat(accepted.statusCode()).as(accepted.body()).isEqualTo(202);
        UUID id = UUID.fromString(json.readTree(accepted.body()).get("id").asString());

        jdbc.sql("update submission set result = cast(? as jsonb) where id = ?")
                .param(json.writeValueAsString(new StoredResult(
                        null,
                        List.of(test(0, Verdict.ACCEPTED), test(1, Verdict.WRONG_ANSWER)),
                        0.0,
                        100.0,
                        List.of())))
                .param(id)
                .update();
        finish(id);

        waitAtMost(Duration.ofSeconds(10)).until(() -> received.size() == 1);
        JsonNode delivered = json.readTree(new String(received.getFirst().body(), StandardCharsets.UTF_8));
        assertThat(delivered.get("testCases").findValues("index"))
                .extracting(JsonNode::asInt)
                .containsExactly(0);
        assertThat(get(key, id).get("testCases").findValues("index"))
                .extracting(JsonNode::asInt)
                .containsExactly(0);
    }

    private static StoredResult.TestCase test(int index, Verdict verdict) {
        return new StoredResult.TestCase(
                index, verdict, 10L, 20, 1024L, 0, null, "hidden " + index, null, 1.0, null, null);
    }

    @Test
    void aReceiverThatFailsTwiceStillGetsItAndTheAttemptsShow() throws Exception {
        failuresLeft.set(2);
        JsonNode key = createKey();
        UUID id = submit(key.get("key").asString());

        finish(id);

        waitAtMost(Duration.ofSeconds(15)).until(() -> received.size() == 1);
        waitAtMost(Duration.ofSeconds(5)).untilAsserted(() -> {
            JsonNode callback = get(key, id).get("callback");
            assertThat(callback.get("status").asString()).isEqualTo("DELIVERED");
            assertThat(callback.get("attempts").asInt()).isEqualTo(3);
        });
        assertThat(failuresLeft.get()).isZero();
    }

    /** During a rotation a delivery is signed under both secrets: receivers that know either accept it. */
    @Test
    void aRotatedSecretSignsBesideTheNewOneForAWhile() throws Exception {
        JsonNode key = createKey();
        HttpResponse<String> rotated = send(request("/api/keys/" + key.get("id").asString() + "/webhook-secret")
                .header("Authorization", "Bearer " + AccessIT.ADMIN_TOKEN)
                .POST(HttpRequest.BodyPublishers.noBody()));
        assertThat(rotated.statusCode()).isEqualTo(200);
        String newSecret = json.readTree(rotated.body()).get("webhookSecret").asString();
        assertThat(newSecret).isNotEqualTo(key.get("webhookSecret").asString());
        assertThat(send(request("/api/keys/" + key.get("id").asString() + "/webhook-secret")
                                .header(
                                        "Authorization",
                                        "Bearer " + key.get("key").asString())
                                .POST(HttpRequest.BodyPublishers.noBody()))
                        .statusCode())
                .as("only the admin rotates")
                .isEqualTo(403);
        UUID id = submit(key.get("key").asString());

        finish(id);

        waitAtMost(Duration.ofSeconds(10)).until(() -> received.size() == 1);
        Delivery delivery = received.getFirst();
        long sentAt = Long.parseLong(delivery.signature().replaceAll("^t=(\\d+),.*", "$1"));
        String underNew =
                WebhookSignature.of(newSecret, sentAt, delivery.body()).replaceAll("^t=\\d+,", "");
        String underOld = WebhookSignature.of(key.get("webhookSecret").asString(), sentAt, delivery.body())
                .replaceAll("^t=\\d+,", "");
        assertThat(delivery.signature()).isEqualTo("t=" + sentAt + "," + underNew + "," + underOld);
    }

    /** One key's slow receiver takes at most its share of a replica's deliveries: another key's go on. */
    @Test
    void aSlowReceiverDelaysOnlyItsOwnKeysDeliveries() throws Exception {
        String slowKey = createKey().get("key").asString();
        List<UUID> slow = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            slow.add(submit(slowKey, "/slow"));
        }
        slow.forEach(this::finish);
        Thread.sleep(500); // the slow ones are claimed, as many as this replica lets their key have
        JsonNode key = createKey();
        UUID id = submit(key.get("key").asString());

        finish(id);

        // Under the slow receiver's 5 s, with room for a busy machine (2 s was missed under load).
        waitAtMost(Duration.ofSeconds(4)).until(() -> received.size() == 1);
    }

    private JsonNode createKey() throws Exception {
        HttpResponse<String> created = send(request("/api/keys")
                .header("Content-Type", "application/json")
                .header("Authorization", "Bearer " + AccessIT.ADMIN_TOKEN)
                .POST(HttpRequest.BodyPublishers.ofString("{\"name\": \"webhooks\"}")));
        assertThat(created.statusCode()).isEqualTo(201);
        return json.readTree(created.body());
    }

    private UUID submit(String key) throws Exception {
        return submit(key, "/hook");
    }

    private UUID submit(String key, String path) throws Exception {
        HttpResponse<String> accepted = send(request("/api/submissions")
                .header("Content-Type", "application/json")
                .header("Authorization", "Bearer " + key)
                .POST(HttpRequest.BodyPublishers.ofString(
                        """
                        {"language": "python", "sourceCode": "print(1)", "stdin": "",
                         "callbackUrl": "http://127.0.0.1:%d%s"}""".formatted(receiver.getAddress().getPort(), path))));
        assertThat(accepted.statusCode()).isEqualTo(202);
        return UUID.fromString(json.readTree(accepted.body()).get("id").asString());
    }

    /** What the result consumer does with a verdict (its own tests cover that it does). */
    private void finish(UUID id) {
        jdbc.sql("""
                update submission set status = 'FINISHED', verdict = 'ACCEPTED', started_at = now(), finished_at = now()
                where id = ?""").param(id).update();
        jdbc.sql("select pg_notify(?, ?)")
                .param(SubmissionNotifications.CHANNEL)
                .param(id.toString())
                .query(String.class)
                .single();
    }

    /** The submission as ?ids= reads it: no poll pacing. */
    private JsonNode get(JsonNode key, UUID id) throws Exception {
        HttpResponse<String> read = send(request("/api/submissions?ids=" + id)
                .header("Authorization", "Bearer " + key.get("key").asString())
                .GET());
        assertThat(read.statusCode()).isEqualTo(200);
        return json.readTree(read.body()).get("submissions").get(0);
    }
}
