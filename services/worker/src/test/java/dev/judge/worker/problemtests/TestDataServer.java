package dev.judge.worker.problemtests;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import tools.jackson.databind.MappingIterator;
import tools.jackson.databind.json.JsonMapper;

import dev.judge.contracts.JudgeRequest.TestCase;
import dev.judge.contracts.ProblemPreparation;
import dev.judge.contracts.TestData;
import dev.judge.contracts.TestGeneration;

/**
 * The API's test-data endpoint as a worker sees it: serves problem versions' tests as one JSON test
 * case per line to whoever shows the token, and can be told to fail or to send other tests.
 */
public final class TestDataServer implements AutoCloseable {

    public static final String TOKEN = "test-token";

    private final HttpServer server;
    private final Map<String, List<TestCase>> served = new ConcurrentHashMap<>();
    private final AtomicInteger requests = new AtomicInteger();
    private final AtomicInteger failuresToCome = new AtomicInteger();
    private final List<String> generated = new CopyOnWriteArrayList<>();
    private final Map<String, String> statuses = new ConcurrentHashMap<>();
    private final java.util.Set<String> overQuota = ConcurrentHashMap.newKeySet();
    private final JsonMapper json = JsonMapper.builder().build();

    public TestDataServer() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/internal/problems/", exchange -> {
            requests.incrementAndGet();
            if (exchange.getRequestMethod().equals("PUT")) {
                storeGenerated(exchange);
                return;
            }
            String preparation = statuses.get(exchange.getRequestURI().getPath());
            if (preparation != null && TOKEN.equals(exchange.getRequestHeaders().getFirst(TestData.TOKEN_HEADER))) {
                byte[] answer = ("{\"status\": \"" + preparation + "\"}").getBytes(StandardCharsets.UTF_8);
                exchange.sendResponseHeaders(200, answer.length);
                try (OutputStream out = exchange.getResponseBody()) {
                    out.write(answer);
                }
                return;
            }
            List<TestCase> tests = served.get(exchange.getRequestURI().getPath());
            int status = !TOKEN.equals(exchange.getRequestHeaders().getFirst(TestData.TOKEN_HEADER))
                    ? 401
                    : failuresToCome.getAndUpdate(left -> Math.max(0, left - 1)) > 0 ? 503 : tests == null ? 404 : 200;
            exchange.sendResponseHeaders(status, 0);
            try (OutputStream out = exchange.getResponseBody()) {
                if (status == 200) {
                    for (TestCase test : tests) {
                        out.write(json.writeValueAsBytes(test));
                        out.write('\n');
                    }
                } else {
                    out.write(("status " + status).getBytes(StandardCharsets.UTF_8));
                }
            }
        });
        server.start();
    }

    /**
     * As the API does with a worker's generated tests: each line's input or answer put in its test's
     * place, and the reference of the tests as they then are in the answer.
     */
    private void storeGenerated(HttpExchange exchange) throws IOException {
        if (overQuota.contains(exchange.getRequestURI().getPath())) {
            byte[] refusal = ("{\"title\": \"Test data quota\", \"status\": 413, \"detail\": \"With these tests, this "
                            + "caller's problems would hold more than the 4000 bytes of tests one key may store\"}")
                    .getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(413, refusal.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(refusal);
            }
            return;
        }
        String testsPath = exchange.getRequestURI().getPath().replace("/generated-tests", "/tests");
        List<TestCase> tests = new ArrayList<>(served.getOrDefault(testsPath, List.of()));
        boolean authorized = TOKEN.equals(exchange.getRequestHeaders().getFirst(TestData.TOKEN_HEADER));
        if (authorized && !tests.isEmpty()) {
            try (MappingIterator<TestGeneration.GeneratedTest> made =
                    json.readerFor(TestGeneration.GeneratedTest.class).readValues(exchange.getRequestBody())) {
                while (made.hasNextValue()) {
                    TestGeneration.GeneratedTest test = made.nextValue();
                    TestCase before = tests.get(test.test() - 1);
                    tests.set(
                            test.test() - 1,
                            new TestCase(
                                    test.input() != null ? test.input() : before.input(),
                                    test.expectedOutput() != null ? test.expectedOutput() : before.expectedOutput(),
                                    before.group()));
                }
            }
            generated.add(exchange.getRequestURI().getPath());
        }
        String[] parts = testsPath.split("/");
        byte[] answer = authorized && !tests.isEmpty()
                ? json.writeValueAsBytes(serve(Long.parseLong(parts[3]), Integer.parseInt(parts[5]), tests))
                : new byte[0];
        exchange.sendResponseHeaders(
                !authorized ? 401 : tests.isEmpty() ? 404 : 200, answer.length == 0 ? -1 : answer.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(answer);
        }
    }

    /** Refuses the tests generated for the version as the API does when they would put its owner over its quota (413). */
    public void refuseGeneratedOverQuota(long problemId, int version) {
        overQuota.add(TestGeneration.path(problemId, version));
    }

    /** Answers the version's preparation status with {@code status}, as the API does. */
    public void preparation(long problemId, int version, String status) {
        statuses.put(ProblemPreparation.statusPath(problemId, version), status);
    }

    /** The paths workers stored generated tests at, in order. */
    public List<String> generated() {
        return List.copyOf(generated);
    }

    /** The tests served at {@code reference}'s path now. */
    public List<TestCase> served(TestData reference) {
        return served.get(reference.path());
    }

    /** Serves these tests and returns the reference a request would carry. */
    public TestData serve(long problemId, int version, List<TestCase> tests) {
        TestData.Digest digest = new TestData.Digest();
        tests.forEach(digest::add);
        return serve(digest.of(problemId, version), tests);
    }

    /** Serves {@code tests} where {@code reference} points, whatever it promises. */
    public TestData serve(TestData reference, List<TestCase> tests) {
        served.put(reference.path(), tests);
        return reference;
    }

    public void failNext(int times) {
        failuresToCome.set(times);
    }

    public int requests() {
        return requests.get();
    }

    public String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
