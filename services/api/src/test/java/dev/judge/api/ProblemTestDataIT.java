package dev.judge.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.context.TestPropertySource;
import tools.jackson.databind.JsonNode;

import dev.judge.api.submission.JudgeRequests;
import dev.judge.contracts.JudgeRequest;
import dev.judge.contracts.JudgeRequest.TestCase;
import dev.judge.contracts.TestData;

/**
 * Large problems' tests go to workers by reference: the request names the version and its hash, and
 * the API serves the tests to workers, and to nobody else.
 */
@TestPropertySource(
        properties = {
            "judge.test-data.worker-token=" + ProblemTestDataIT.TOKEN,
            "judge.test-data.inline-limit=1KB",
            "judge.test-data.shown-tests-limit=512B",
            "judge.test-data.max-test-size=2KB",
            "judge.test-data.max-uploaded-tests=5"
        })
class ProblemTestDataIT extends LiveApi {

    static final String TOKEN = "workers-only";
    private static final String LINE = "9".repeat(400);

    @Autowired
    JudgeRequests judgeRequests;

    @Test
    void aLargeProblemGoesByReferenceAndWorkersGetExactlyTheTestsItNames() throws Exception {
        long large = create(LINE + "\\n");
        long small = create("1\\n");

        JudgeRequest request = requestFor(large, 1);
        assertThat(request.testCases()).isNull();
        assertThat(request.testData()).satisfies(reference -> {
            assertThat(reference.problemId()).isEqualTo(large);
            assertThat(reference.count()).isEqualTo(3);
            assertThat(reference.bytes()).isGreaterThan(1024);
        });
        assertThat(requestFor(small, 1).testData())
                .as("small tests stay in the request")
                .isNull();

        HttpResponse<String> fetched = fetch(request.testData().path(), TOKEN);
        assertThat(fetched.statusCode()).isEqualTo(200);
        assertThat(fetched.headers().firstValue("Content-Type")).hasValue(TestData.MEDIA_TYPE);
        List<TestCase> tests = json.readerFor(TestCase.class)
                .<TestCase>readValues(fetched.body())
                .readAll();
        assertThat(tests).extracting(TestCase::group).containsExactly("a", "a", "b");
        TestData.Digest digest = new TestData.Digest();
        tests.forEach(digest::add);
        assertThat(digest.of(large, 1)).isEqualTo(request.testData());
    }

    @Test
    void onlyWorkersMayFetchTests() throws Exception {
        long id = create(LINE);
        String path = TestData.path(id, 1);

        for (String token : new String[] {null, "guess", TOKEN + "s", TOKEN.substring(1)}) {
            HttpResponse<String> refused = fetch(path, token);
            assertThat(refused.statusCode()).as("token %s", token).isEqualTo(401);
            assertThat(refused.headers().firstValue("Content-Type")).hasValue("application/problem+json");
            assertThat(refused.body()).doesNotContain(LINE);
        }
        assertThat(fetch(TestData.path(id, 2), TOKEN).statusCode()).isEqualTo(404);

        HttpResponse<String> onPublicPort =
                send(request(path).header(TestData.TOKEN_HEADER, TOKEN).GET());
        assertThat(onPublicPort.statusCode())
                .as("the public port knows no /internal")
                .isEqualTo(404);
        assertThat(onPublicPort.body()).doesNotContain(LINE);
    }

    @Test
    void hashesAVersionStoredWithoutAHash() throws Exception {
        long id = create(LINE);
        TestData stored = jdbc.sql(
                        "select test_data_sha256, test_data_bytes, test_count from problem_version where problem_id = ?")
                .param(id)
                .query((rs, row) -> new TestData(id, 1, rs.getString(1), rs.getLong(2), rs.getInt(3)))
                .single();
        // As a version stored before hashes, or by an API of the release before, has it.
        jdbc.sql(
                        "update problem_version set test_data_sha256 = null, test_data_bytes = null, test_count = null where problem_id = ?")
                .param(id)
                .update();

        assertThat(requestFor(id, 1).testData()).isEqualTo(stored);
        assertThat(jdbc.sql("select test_data_sha256 from problem_version where problem_id = ?")
                        .param(id)
                        .query(String.class)
                        .single())
                .isEqualTo(stored.sha256());
    }

    @Test
    void anUploadStreamsTestsIntoANewVersionAndADownloadStreamsThemBack() throws Exception {
        long id = create("1");
        String upload = """
                {"input": "%1$s", "expectedOutput": "%1$s", "group": "a"}
                {"input": "2", "expectedOutput": "2", "group": "b"}
                {"input": "\\u0000", "expectedOutput": "", "group": "a"}
                """.formatted(LINE);

        HttpResponse<String> uploaded = uploadTests(id, upload);

        assertThat(uploaded.statusCode()).as(uploaded.body()).isEqualTo(200);
        JsonNode version2 = json.readTree(uploaded.body());
        assertThat(version2.get("version").asInt()).isEqualTo(2);
        assertThat(version2.get("groups")).hasSize(2);
        assertThat(version2.get("tests").get("count").asInt()).isEqualTo(3);
        assertThat(version2.has("testCases")).as("over the shown limit").isFalse();
        HttpResponse<String> downloaded = get("/api/problems/" + id + "/tests");
        assertThat(downloaded.headers().firstValue("Content-Type")).hasValue(TestData.MEDIA_TYPE);
        List<TestCase> tests = json.readerFor(TestCase.class)
                .<TestCase>readValues(downloaded.body())
                .readAll();
        assertThat(tests)
                .containsExactly(
                        new TestCase(LINE, LINE, "a"), new TestCase("2", "2", "b"), new TestCase("\u0000", "", "a"));
        TestData.Digest digest = new TestData.Digest();
        tests.forEach(digest::add);
        assertThat(digest.of(id, 2).sha256())
                .isEqualTo(version2.get("tests").get("sha256").asString());
        assertThat(json.readTree(get("/api/problems/" + id).body())
                        .get("tests")
                        .get("bytes")
                        .asLong())
                .isEqualTo(2L * LINE.length() + 2 + 1);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            not JSON                    | {"input": "1", "expectedOutput": "1", "group": "a"}\\n{"input": | 400 | Test 2
            no answer                   | {"input": "1", "group": "a"}                                     | 400 | Test 1
            an unknown field            | {"input": "1", "expectedOutput": "1", "group": "a", "x": 1}     | 400 | Test 1
            an unknown group            | {"input": "1", "expectedOutput": "1", "group": "c"}             | 400 | Test 1
            a group without tests       | {"input": "1", "expectedOutput": "1", "group": "a"}             | 400 | none for [b]
            nothing                     | ''                                                                | 400 | no tests
            a number for a string       | {"input": 1, "expectedOutput": "1", "group": "a"}               | 400 | Test 1
            an input over the test size | {"input": "BIG", "expectedOutput": "1", "group": "a"}           | 413 | at most 2 KB
            an answer over the test size| {"input": "1", "expectedOutput": "BIG", "group": "a"}           | 413 | at most 2 KB
            more tests than allowed     | MANY                                                              | 413 | at most 5 tests
            """)
    void refusesAnUploadThatIsWrongOrTooLargeAndStoresNothing(String what, String body, int status, String detail)
            throws Exception {
        long id = create("1");
        String line = "{\"input\": \"1\", \"expectedOutput\": \"1\", \"group\": \"b\"}\n";
        String upload =
                body.replace("\\n", "\n").replace("BIG", "9".repeat(2049)).replace("MANY", line.repeat(6));

        HttpResponse<String> refused = uploadTests(id, upload);

        assertThat(refused.statusCode()).as(refused.body()).isEqualTo(status);
        assertThat(refused.headers().firstValue("Content-Type")).hasValue("application/problem+json");
        assertThat(json.readTree(refused.body()).get("detail").asString()).contains(detail);
        assertThat(json.readTree(get("/api/problems/" + id).body())
                        .get("version")
                        .asInt())
                .isEqualTo(1);
        assertThat(jdbc.sql("select count(*) from test_case where problem_id = ? and version = 2")
                        .param(id)
                        .query(Integer.class)
                        .single())
                .isZero();
    }

    @Test
    void refusesAnUploadToAnUnknownProblemAndOfAnotherType() throws Exception {
        long id = create("1");

        assertThat(uploadTests(999_999_999, "{}").statusCode()).isEqualTo(404);
        assertThat(send(request("/api/problems/" + id + "/tests")
                                .header("Content-Type", "application/json")
                                .PUT(HttpRequest.BodyPublishers.ofString("[]")))
                        .statusCode())
                .isEqualTo(415);
        assertThat(get("/api/problems/999999999/tests").statusCode()).isEqualTo(404);
    }

    private HttpResponse<String> uploadTests(long id, String body) throws Exception {
        return send(request("/api/problems/" + id + "/tests")
                .header("Content-Type", TestData.MEDIA_TYPE)
                .PUT(HttpRequest.BodyPublishers.ofString(body)));
    }

    /** A problem of three tests in two groups, each test's input {@code input}. */
    private long create(String input) throws Exception {
        HttpResponse<String> created = post("/api/problems", """
                {"title": "Echo", "timeLimitMs": 1000, "memoryLimitMb": 64,
                 "groups": [{"name": "a", "points": 50}, {"name": "b", "points": 50}],
                 "testCases": [{"input": "%1$s", "expectedOutput": "%1$s", "group": "a"},
                               {"input": "%1$s", "expectedOutput": "%1$s", "group": "a"},
                               {"input": "%1$s", "expectedOutput": "%1$s", "group": "b"}]}""".formatted(input));
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        return json.readTree(created.body()).get("id").asLong();
    }

    private JudgeRequest requestFor(long problemId, int version) {
        return judgeRequests.of(
                UUID.randomUUID(), problemId, version, "python", "print(1)", null, null, null, Instant.now(), 1);
    }

    /** As a worker fetches: on the management port. */
    private HttpResponse<String> fetch(String path, String token) throws Exception {
        var request = managementRequest(path).GET();
        if (token != null) {
            request.header(TestData.TOKEN_HEADER, token);
        }
        return send(request);
    }
}
