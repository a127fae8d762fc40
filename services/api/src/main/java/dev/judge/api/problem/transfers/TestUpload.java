package dev.judge.api.problem.transfers;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.util.unit.DataSize;
import org.springframework.web.ErrorResponseException;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadConstraints;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.core.exc.StreamConstraintsException;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.MapperFeature;
import tools.jackson.databind.MappingIterator;
import tools.jackson.databind.json.JsonMapper;

import dev.judge.api.problem.ProblemRepository;
import dev.judge.api.problem.TestDataProperties;
import dev.judge.api.system.StrictJson;
import dev.judge.contracts.JudgeRequest;

/**
 * An upload of a problem's tests, one JSON test case per line ({@code {"input", "expectedOutput",
 * "group"}}), read and checked one test at a time as the repository stores them: against the problem's
 * groups and the limits in {@link TestDataProperties}. A refusal (400, or 413 past a limit) names the
 * test; the repository then stores nothing.
 */
public final class TestUpload implements ProblemRepository.UploadedTests {

    /** One line of an upload. */
    record UploadedTest(String input, String expectedOutput, String group) {}

    private final MappingIterator<UploadedTest> lines;
    private final TestDataProperties limits;
    private final Set<String> groups = new HashSet<>();
    /** The groups whose tests score each their own points, and how many tests each has points for. */
    private final Map<String, Integer> testsOfEachTestGroups = new HashMap<>();

    private final Map<String, Integer> counted = new HashMap<>();
    private final Set<String> used = new HashSet<>();
    private UploadedTest first;
    private int count;

    /**
     * Reads the first test at once, so that an empty or malformed upload is refused before anything
     * is looked up.
     *
     * @param json a mapper from {@link #reader(TestDataProperties)}
     */
    TestUpload(InputStream body, TestDataProperties limits, JsonMapper json) {
        this.limits = limits;
        try {
            this.lines = json.readerFor(UploadedTest.class)
                    .readValues(new Bounded(body, limits.maxUploadSize().toBytes()));
        } catch (JacksonException e) {
            throw refusal(HttpStatus.BAD_REQUEST, "The upload is not JSON: " + e.getOriginalMessage());
        }
        this.first = read();
        if (first == null) {
            throw refusal(HttpStatus.BAD_REQUEST, "The upload holds no tests.");
        }
    }

    /** Checks the tests against the groups of the problem they are for. */
    TestUpload against(List<JudgeRequest.Group> problemGroups) {
        problemGroups.forEach(group -> {
            groups.add(group.name());
            if (group.scoring() == JudgeRequest.Group.Scoring.EACH_TEST) {
                testsOfEachTestGroups.put(group.name(), group.testPoints().size());
            }
        });
        return this;
    }

    @Override
    public ProblemRepository.StoredTest next() {
        UploadedTest test = first != null ? first : read();
        first = null;
        if (test == null) {
            return end();
        }
        count++;
        if (count > limits.maxUploadedTests()) {
            throw refusal(
                    HttpStatus.CONTENT_TOO_LARGE,
                    "An upload may hold at most " + limits.maxUploadedTests() + " tests.");
        }
        if (test.input() == null || test.expectedOutput() == null) {
            throw refusal(HttpStatus.BAD_REQUEST, "Test " + count + ": input and expectedOutput are required.");
        }
        byte[] input = test.input().getBytes(StandardCharsets.UTF_8);
        byte[] answer = test.expectedOutput().getBytes(StandardCharsets.UTF_8);
        if (input.length > limits.maxTestSize().toBytes()
                || answer.length > limits.maxTestSize().toBytes()) {
            throw tooLarge(count);
        }
        if (groups.isEmpty() ? test.group() != null : !groups.contains(test.group())) {
            throw refusal(
                    HttpStatus.BAD_REQUEST,
                    "Test " + count + ": "
                            + (groups.isEmpty()
                                    ? "the problem has no groups, so a test names none."
                                    : "group must be one of the problem's: " + groups + "."));
        }
        if (test.group() != null) {
            used.add(test.group());
            counted.merge(test.group(), 1, Integer::sum);
        }
        return new ProblemRepository.StoredTest(input, answer, test.group());
    }

    /** The next line's test, or null after the last line. */
    private UploadedTest read() {
        try {
            return lines.hasNextValue() ? lines.nextValue() : null;
        } catch (JacksonException e) {
            if (e.getCause() instanceof TooLarge) {
                throw refusal(
                        HttpStatus.CONTENT_TOO_LARGE, "The upload is over " + readable(limits.maxUploadSize()) + ".");
            }
            if (e instanceof StreamConstraintsException) {
                throw tooLarge(count + 1);
            }
            throw refusal(HttpStatus.BAD_REQUEST, "Test " + (count + 1) + ": " + e.getOriginalMessage());
        }
    }

    private ProblemRepository.StoredTest end() {
        if (!used.equals(groups)) {
            Set<String> empty = new HashSet<>(groups);
            empty.removeAll(used);
            throw refusal(HttpStatus.BAD_REQUEST, "Each group needs a test; none for " + empty + ".");
        }
        testsOfEachTestGroups.forEach((group, wanted) -> {
            if (!counted.get(group).equals(wanted)) {
                throw refusal(
                        HttpStatus.BAD_REQUEST,
                        "Group " + group + " scores each of its " + wanted
                                + " tests (its testPoints): the upload gives it " + counted.get(group)
                                + ". Edit the problem's groups first.");
            }
        });
        return null;
    }

    private ErrorResponseException tooLarge(int test) {
        return refusal(
                HttpStatus.CONTENT_TOO_LARGE,
                "Test " + test + ": an input or an answer may be at most " + readable(limits.maxTestSize()) + ".");
    }

    /** 32 MB, 2 KB, 100 bytes: as the limits are documented. */
    private static String readable(DataSize size) {
        long bytes = size.toBytes();
        return bytes % (1 << 30) == 0
                ? bytes / (1 << 30) + " GB"
                : bytes % (1 << 20) == 0
                        ? bytes / (1 << 20) + " MB"
                        : bytes % (1 << 10) == 0 ? bytes / (1 << 10) + " KB" : bytes + " bytes";
    }

    private static ErrorResponseException refusal(HttpStatus status, String detail) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(status, detail);
        problem.setTitle(status == HttpStatus.CONTENT_TOO_LARGE ? "Upload too large" : "Invalid upload");
        return new ErrorResponseException(status, problem, null);
    }

    /**
     * JSON as strict as the API's (no coercion, no duplicate or unknown keys), but with no limit on the
     * whole stream's length, which is {@link Bounded}'s, and strings up to a test's size.
     */
    public static JsonMapper reader(TestDataProperties limits) {
        JsonFactory factory = JsonFactory.builder()
                .streamReadConstraints(StreamReadConstraints.builder()
                        .maxDocumentLength(-1)
                        .maxStringLength((int)
                                Math.min(Integer.MAX_VALUE, limits.maxTestSize().toBytes()))
                        .build())
                .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                .build();
        return StrictJson.strictScalars(JsonMapper.builder(factory))
                .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
                .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .build();
    }

    /** Stops reading past the upload's limit. */
    private static final class Bounded extends FilterInputStream {

        private final long limit;
        private long read;

        Bounded(InputStream in, long limit) {
            super(in);
            this.limit = limit;
        }

        @Override
        public int read() throws IOException {
            int next = super.read();
            count(next < 0 ? 0 : 1);
            return next;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            int count = super.read(buffer, offset, length);
            count(Math.max(count, 0));
            return count;
        }

        private void count(int bytes) throws TooLarge {
            read += bytes;
            if (read > limit) {
                throw new TooLarge();
            }
        }
    }

    private static final class TooLarge extends IOException {}
}
