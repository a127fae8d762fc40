package dev.judge.api;

import static org.awaitility.Awaitility.waitAtMost;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;

import org.springframework.amqp.core.Message;
import org.springframework.amqp.rabbit.core.RabbitTemplate;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import dev.judge.api.system.ManagementPort;
import dev.judge.contracts.JudgeQueues;
import dev.judge.contracts.JudgeRequest;
import dev.judge.contracts.Lane;
import dev.judge.contracts.ProblemPreparation;

/**
 * What the tests of the API over real HTTP share: the server on ports of its own, against the real
 * PostgreSQL and RabbitMQ that make test starts, and the database to check what was stored.
 */
@SpringBootTest(
        webEnvironment = WebEnvironment.RANDOM_PORT,
        properties = {
            "judge.access.anonymous=true",
            // No worker prepares what these tests make: many of one caller's versions stay PREPARING.
            "judge.problems.preparation.in-flight-per-owner=1000"
        })
abstract class LiveApi {

    @LocalServerPort
    int port;

    @Autowired
    ManagementPort managementPort;

    @Autowired
    JdbcClient jdbc;

    @Autowired
    JsonMapper json;

    @Autowired
    RabbitTemplate rabbit;

    HttpRequest.Builder request(String path) {
        return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path));
    }

    /** On the management port: the Actuator and the workers' /internal. */
    HttpRequest.Builder managementRequest(String path) {
        return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + managementPort.port() + path));
    }

    /**
     * On a connection of its own: a shared client reuses connections, and a refusal the server sends
     * before reading a request's body (a 401) may close the connection under the next request.
     */
    static HttpResponse<String> send(HttpRequest.Builder request) throws Exception {
        try (HttpClient http =
                HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()) {
            return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        }
    }

    /**
     * Sends a request's head and the first bytes of its body, chunked, as a client that then waits: what
     * the server holds for a slow client. Close the socket when done.
     */
    Socket startChunked(String method, String path, List<String> headers, byte[] start) throws IOException {
        Socket socket = new Socket("127.0.0.1", port);
        socket.setSoTimeout(30_000);
        OutputStream out = socket.getOutputStream();
        StringBuilder head = new StringBuilder(method + " " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\n");
        headers.forEach(header -> head.append(header).append("\r\n"));
        head.append("Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n");
        out.write(head.toString().getBytes(StandardCharsets.US_ASCII));
        out.write(chunk(start));
        out.flush();
        return socket;
    }

    /** Sends the rest of a {@link #startChunked} body; returns the response's status line. */
    static String finishChunked(Socket socket, byte[] rest) throws IOException {
        OutputStream out = socket.getOutputStream();
        out.write(chunk(rest));
        out.write("0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        out.flush();
        return new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.US_ASCII)).readLine();
    }

    private static byte[] chunk(byte[] bytes) {
        byte[] head = (Integer.toHexString(bytes.length) + "\r\n").getBytes(StandardCharsets.US_ASCII);
        byte[] chunk = new byte[head.length + bytes.length + 2];
        System.arraycopy(head, 0, chunk, 0, head.length);
        System.arraycopy(bytes, 0, chunk, head.length, bytes.length);
        chunk[chunk.length - 2] = '\r';
        chunk[chunk.length - 1] = '\n';
        return chunk;
    }

    /** A JSON body. */
    HttpResponse<String> post(String path, String body) throws Exception {
        return send(request(path)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)));
    }

    /** An API key of the tests' (made with {@link AccessIT#ADMIN_TOKEN}): its id and its secret. */
    record Key(UUID id, String secret) {}

    /** A key with these quotas, made by the admin (the context needs {@link AccessIT#ADMIN_TOKEN_PROPERTY}). */
    Key createKey(String name, int perMinute, int maxWaiting) throws Exception {
        return createKey(name, perMinute, maxWaiting, "SUBMIT");
    }

    /** A setter's key: it may make problems and submit. */
    Key createSetterKey(String name) throws Exception {
        return createKey(name + "-" + UUID.randomUUID(), 600, 100, "SUBMIT", "PROBLEMS");
    }

    Key createKey(String name, int perMinute, int maxWaiting, String... scopes) throws Exception {
        HttpResponse<String> created = send(as(
                AccessIT.ADMIN_TOKEN,
                request("/api/keys")
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(
                                "{\"name\": \"%s\", \"perMinute\": %d, \"maxWaiting\": %d, \"scopes\": %s}"
                                        .formatted(
                                                name,
                                                perMinute,
                                                maxWaiting,
                                                json.writeValueAsString(List.of(scopes)))))));
        if (created.statusCode() != 201) {
            throw new AssertionError("Creating a key: " + created.statusCode() + " " + created.body());
        }
        JsonNode body = json.readTree(created.body());
        return new Key(
                UUID.fromString(body.get("id").asString()), body.get("key").asString());
    }

    static HttpRequest.Builder as(String token, HttpRequest.Builder request) {
        return request.header("Authorization", "Bearer " + token);
    }

    /** A plain problem (one test, no setter programs), ready for submissions; its id. */
    long plainProblem() throws Exception {
        HttpResponse<String> created = post("/api/problems", """
                {"title": "Plain", "timeLimitMs": 1000, "memoryLimitMb": 64,
                 "testCases": [{"input": "1", "expectedOutput": "1"}]}""");
        if (created.statusCode() != 201) {
            throw new AssertionError("Creating a problem: " + created.statusCode() + " " + created.body());
        }
        return json.readTree(created.body()).get("id").asLong();
    }

    HttpResponse<String> get(String path) throws Exception {
        return send(request(path).GET());
    }

    /** The preparation of this problem from the queue, as a worker takes it; others' (of other tests) are taken and dropped. */
    ProblemPreparation preparationOf(long problemId) {
        Instant deadline = Instant.now().plus(Duration.ofSeconds(10));
        while (Instant.now().isBefore(deadline)) {
            if (rabbit.receiveAndConvert(JudgeQueues.PREPARATIONS, 1000) instanceof ProblemPreparation sent
                    && sent.problemId() == problemId) {
                return sent;
            }
        }
        throw new AssertionError("No preparation of problem " + problemId + " was sent");
    }

    /**
     * The request message of this submission from its lane's queue, as a worker takes it; others' (of
     * other tests) are taken and dropped.
     */
    JudgeRequest awaitRequest(Lane lane, UUID id) {
        AtomicReference<JudgeRequest> found = new AtomicReference<>();
        waitAtMost(Duration.ofSeconds(10)).until(() -> {
            Message message;
            while ((message = rabbit.receive(lane.queue())) != null) {
                if (id.toString().equals(message.getMessageProperties().getMessageId())) {
                    found.set((JudgeRequest) rabbit.getMessageConverter().fromMessage(message));
                    return true;
                }
            }
            return false;
        });
        return found.get();
    }

    /** A problem of one test, 1 2 → 3, made by the anonymous caller; its id. */
    long sumProblem() throws Exception {
        HttpResponse<String> created = post("/api/problems", """
                {"title": "Sum", "timeLimitMs": 1000, "memoryLimitMb": 128,
                 "testCases": [{"input": "1 2\\n", "expectedOutput": "3\\n"}]}""");
        if (created.statusCode() != 201) {
            throw new AssertionError("the problem was not made: " + created.body());
        }
        return json.readTree(created.body()).get("id").asLong();
    }

    /**
     * Records the problem's versions as prepared, as the result consumer does once a worker has built
     * their setter programs: this tier runs neither (tests/e2e does).
     */
    void prepared(long problemId) {
        jdbc.sql("update problem_version set status = 'READY' where problem_id = ? and status = 'PREPARING'")
                .param(problemId)
                .update();
    }
}
