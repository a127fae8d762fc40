package dev.judge.worker.problemtests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import dev.judge.contracts.Checker;
import dev.judge.contracts.JudgeRequest;
import dev.judge.contracts.JudgeRequest.TestCase;
import dev.judge.contracts.OutputComparison;
import dev.judge.contracts.TestData;
import dev.judge.worker.sandbox.TestSandboxes;

/** A worker's store of tests fetched by reference, against an HTTP server in the API's place. */
class TestDataStoreTests {

    private static final List<TestCase> SUM =
            List.of(new TestCase("1 2\n", "3\n", "small"), new TestCase("2 2\n", "4\n", null));

    private final TestDataServer server;

    TestDataStoreTests() throws IOException {
        server = new TestDataServer();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private TestDataStore store(Map<String, String> settings) {
        Map<String, String> all = new HashMap<>(Map.of(
                "judge.worker.internal-api.url",
                server.url(),
                "judge.worker.internal-api.token",
                TestDataServer.TOKEN));
        all.putAll(settings);
        return TestSandboxes.testDataStore(all);
    }

    private static JudgeRequest request(TestData reference) {
        return new JudgeRequest(
                UUID.randomUUID(),
                "c",
                "int main() {}",
                new JudgeRequest.Limits(1000, 64),
                OutputComparison.EXACT,
                Checker.EXACT,
                null,
                List.of(),
                true,
                null,
                Instant.now(),
                reference,
                1);
    }

    /** The tests as the judge sees them, with the inputs read from where the store keeps them. */
    private static List<TestCase> read(TestSet tests) throws IOException {
        List<TestCase> read = new ArrayList<>();
        for (int index = 0; index < tests.size(); index++) {
            TestCase test = tests.get(index);
            assertThat(tests.group(index)).isEqualTo(test.group());
            String input = tests.inputFile(index) == null ? test.input() : Files.readString(tests.inputFile(index));
            read.add(new TestCase(input, test.expectedOutput(), test.group()));
        }
        return read;
    }

    @Test
    void fetchesAVersionOnceHoweverManyJudgementsAskAtOnce() throws Exception {
        TestDataStore store = store(Map.of());
        SimpleMeterRegistry meters = new SimpleMeterRegistry();
        store.bindTo(meters);
        TestData reference = server.serve(1, 1, SUM);

        List<List<TestCase>> seen = new ArrayList<>();
        try (ExecutorService threads = Executors.newFixedThreadPool(8)) {
            List<Future<List<TestCase>>> judgements = threads.invokeAll(IntStream.range(0, 8)
                    .<Callable<List<TestCase>>>mapToObj(i -> () -> {
                        try (TestSet tests = store.open(request(reference))) {
                            return read(tests);
                        }
                    })
                    .toList());
            for (Future<List<TestCase>> judgement : judgements) {
                seen.add(judgement.get());
            }
        }

        assertThat(seen).allSatisfy(tests -> assertThat(tests).isEqualTo(SUM));
        assertThat(server.requests()).isEqualTo(1);
        assertThat(meters.get("judge.worker.test.data.cached").gauge().value()).isEqualTo(reference.bytes());
    }

    @Test
    void refusesTestsThatAreNotTheOnesReferencedAndKeepsNothingOfThem() throws IOException {
        TestDataStore store = store(Map.of("judge.worker.internal-api.attempts", "2"));
        TestData reference = server.serve(
                server.serve(1, 1, SUM),
                List.of(new TestCase("1 2\n", "4\n", "small"), new TestCase("2 2\n", "4\n", null)));

        assertThatThrownBy(() -> store.open(request(reference)))
                .isInstanceOf(TestDataUnavailableException.class)
                .hasMessageContaining("not the ones referenced");
        assertThat(server.requests())
                .as("tried again, in case the transfer was at fault")
                .isEqualTo(2);
        assertThat(store.cachedBytes()).isZero();
        assertThat(cached(reference)).doesNotExist();
    }

    @Test
    void aWrongTokenIsRefusedAtOnceAndAnUnavailableApiIsTriedAgain() throws IOException {
        TestData reference = server.serve(1, 1, SUM);

        assertThatThrownBy(() -> store(Map.of("judge.worker.internal-api.token", "guess"))
                        .open(request(reference)))
                .isInstanceOf(TestDataUnavailableException.class)
                .hasMessageContaining("401");
        assertThat(server.requests()).isEqualTo(1);

        server.failNext(1);
        try (TestSet tests = store(Map.of()).open(request(reference))) {
            assertThat(read(tests)).isEqualTo(SUM);
        }
        assertThat(server.requests()).isEqualTo(3);
    }

    @Test
    void evictsTheLeastRecentlyUsedVersionWhenFull() throws IOException {
        TestData first = server.serve(1, 1, SUM);
        TestData second = server.serve(2, 1, List.of(new TestCase("5 5\n", "10\n", null)));
        TestDataStore store = store(Map.of("judge.worker.test-cache.size", first.bytes() + "B"));

        try (TestSet tests = store.open(request(first))) {
            assertThat(read(tests)).isEqualTo(SUM);
        }
        assertThat(cached(first)).as("fits").isDirectory();
        try (TestSet tests = store.open(request(second))) {
            assertThat(cached(first)).as("made room for the second").doesNotExist();
            assertThat(read(tests)).hasSize(1);
        }
        assertThat(cached(second)).isDirectory();
        assertThat(store.cachedBytes()).isEqualTo(second.bytes());
    }

    @Test
    void keepsTestsInUseThoughTheyAreOverTheSize() throws IOException {
        TestData reference = server.serve(1, 1, SUM);
        TestDataStore store = store(Map.of("judge.worker.test-cache.size", "1B"));

        try (TestSet tests = store.open(request(reference));
                TestSet again = store.open(request(reference))) {
            tests.close();
            assertThat(cached(reference)).isDirectory();
            assertThat(read(again)).isEqualTo(SUM);
        }
        assertThat(cached(reference)).as("gone once nobody reads it").doesNotExist();
        assertThat(server.requests()).isEqualTo(1);
    }

    /** The store's folder for these tests, or where none is. */
    private static Path cached(TestData reference) throws IOException {
        Path store = TestSandboxes.sandboxProperties(Map.of()).workDir().resolve("test-data");
        try (Stream<Path> folders = Files.list(store)) {
            return folders.filter(folder -> folder.getFileName().toString().startsWith(reference.sha256() + "-"))
                    .findFirst()
                    .orElse(store.resolve(reference.sha256()));
        }
    }

    @Test
    void testsInTheRequestNeedNoFetch() throws IOException {
        JudgeRequest inline = JudgeRequest.plain(
                UUID.randomUUID(), "c", "", new JudgeRequest.Limits(1000, 64), Checker.EXACT, SUM, Instant.now());

        try (TestSet tests = store(Map.of()).open(inline)) {
            assertThat(read(tests)).isEqualTo(SUM);
        }
        assertThat(server.requests()).isZero();
    }
}
