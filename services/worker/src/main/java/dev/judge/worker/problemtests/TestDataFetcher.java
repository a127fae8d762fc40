package dev.judge.worker.problemtests;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.util.FileSystemUtils;
import tools.jackson.databind.MappingIterator;
import tools.jackson.databind.json.JsonMapper;

import dev.judge.contracts.JudgeRequest.TestCase;
import dev.judge.contracts.TestData;

/**
 * Fetches one problem version's tests from the API into a folder, a file per input and answer, and
 * checks them against the reference's hash before anyone may use them. Streams: the worker holds
 * one test in memory, however large the problem.
 */
class TestDataFetcher {

    private static final Logger log = LoggerFactory.getLogger(TestDataFetcher.class);

    private final InternalApi api;
    private final JsonMapper json;

    TestDataFetcher(InternalApi api, JsonMapper json) {
        this.api = api;
        this.json = json;
    }

    static Path input(Path folder, int index) {
        return folder.resolve(index + ".in");
    }

    static Path answer(Path folder, int index) {
        return folder.resolve(index + ".ans");
    }

    /** @return each test's group, in order; the tests are in {@code folder} */
    List<String> fetch(TestData reference, Path folder) {
        api.requireToken("fetch the tests of problem " + reference.problemId() + " version " + reference.version());
        URI uri = api.uri(reference.path());
        long started = System.nanoTime();
        List<String> groups = api.withRetries("Fetching " + uri, () -> fetchOnce(uri, reference, folder));
        log.info(
                "Fetched the {} tests ({} bytes) of problem {} version {} in {} ms",
                reference.count(),
                reference.bytes(),
                reference.problemId(),
                reference.version(),
                (System.nanoTime() - started) / 1_000_000);
        return groups;
    }

    private List<String> fetchOnce(URI uri, TestData reference, Path folder) throws IOException, InterruptedException {
        FileSystemUtils.deleteRecursively(folder);
        Files.createDirectories(folder);
        HttpRequest request = api.request(reference.path())
                .header("Accept", TestData.MEDIA_TYPE)
                .GET()
                .build();
        HttpResponse<InputStream> response = api.send(request, HttpResponse.BodyHandlers.ofInputStream());
        try (InputStream body = response.body()) {
            if (response.statusCode() != 200) {
                String why = new String(body.readNBytes(1024), StandardCharsets.UTF_8);
                String message = uri + " answered " + response.statusCode() + ": " + why;
                // A server error may pass; a refusal (a wrong token, no such version) will not.
                if (response.statusCode() >= 500) {
                    throw new IOException(message);
                }
                throw new InternalApi.Refused(message);
            }
            TestData.Digest digest = new TestData.Digest();
            List<String> groups = new ArrayList<>();
            // Closing the body (above) is all the closing the iterator needs.
            MappingIterator<TestCase> tests = json.readerFor(TestCase.class).readValues(body);
            while (tests.hasNextValue()) {
                TestCase test = tests.nextValue();
                byte[] input = test.input().getBytes(StandardCharsets.UTF_8);
                byte[] answer = test.expectedOutput().getBytes(StandardCharsets.UTF_8);
                digest.add(test.group() == null ? null : test.group().getBytes(StandardCharsets.UTF_8), input, answer);
                Files.write(input(folder, groups.size()), input);
                Files.write(answer(folder, groups.size()), answer);
                groups.add(test.group());
            }
            TestData received = digest.of(reference.problemId(), reference.version());
            if (!received.equals(reference)) {
                throw new IOException("The tests received (" + received.count() + " tests, " + received.bytes()
                        + " bytes, sha256 " + received.sha256() + ") are not the ones referenced (" + reference.count()
                        + " tests, " + reference.bytes() + " bytes, sha256 " + reference.sha256() + ")");
            }
            return groups;
        }
    }
}
