package dev.judge.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.UUID;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.judge.contracts.JudgeRequest;
import dev.judge.contracts.Lane;

/**
 * Submissions of several files and with compile options, over real HTTP, the real database and the
 * real broker: what is stored goes to the worker as sent, and what a language cannot take is refused
 * (400, naming the field) with nothing stored.
 */
class SubmissionProgramsIT extends LiveApi {

    /** Refusals no schema can make: they depend on the language. */
    private static final java.util.List<String> SEMANTIC = java.util.List.of(
            "\"python\", \"compileOptions\": [\"-O2\"]",
            "[\"-O3\", \"-O3\"]",
            "\"name\": \"main.cpp\"",
            "{\"name\": \"a.h\", \"content\": \"\"}, {\"name\": \"a.h\"");

    private long problemId;

    @BeforeEach
    void createProblem() throws Exception {
        problemId = sumProblem();
    }

    @Test
    void aSubmissionsFilesAndCompileOptionsReachTheWorkerAsSent() throws Exception {
        HttpResponse<String> accepted = post("/api/submissions", """
                {"problemId": %d, "language": "cpp", "sourceCode": "#include \\"add.h\\"\\nint main() {}\\n",
                 "files": [{"name": "add.h", "content": "int add(int, int);\\n"},
                           {"name": "add.cpp", "content": "int add(int a, int b) { return a + b; }\\n"}],
                 "compileOptions": ["-std=c++17", "-O3"]}""".formatted(problemId));

        assertThat(accepted.statusCode()).as(accepted.body()).isEqualTo(202);
        JudgeRequest request = awaitRequest(
                Lane.PRACTICE,
                UUID.fromString(json.readTree(accepted.body()).get("id").asString()));
        assertThat(request.program().files())
                .isEqualTo(Map.of(
                        "add.cpp", "int add(int a, int b) { return a + b; }\n", "add.h", "int add(int, int);\n"));
        assertThat(request.program().compileOptions()).containsExactly("-std=c++17", "-O3");
        assertThat(request.program().sourceName()).isNull();
    }

    @Test
    void filesAloneGiveTheSourceAsTheOneNamedAsTheLanguagesSourceFile() throws Exception {
        HttpResponse<String> accepted = post("/api/submissions", """
                {"problemId": %d, "language": "java",
                 "files": [{"name": "Adder.java", "content": "class Adder {}\\n"},
                           {"name": "Main.java", "content": "class Main {}\\n"}]}""".formatted(problemId));

        assertThat(accepted.statusCode()).as(accepted.body()).isEqualTo(202);
        UUID id = UUID.fromString(json.readTree(accepted.body()).get("id").asString());
        JudgeRequest request = awaitRequest(Lane.PRACTICE, id);
        assertThat(request.sourceCode()).isEqualTo("class Main {}\n");
        assertThat(request.program().files()).isEqualTo(Map.of("Adder.java", "class Adder {}\n"));

        long before = submissions();
        HttpResponse<String> noSource = post("/api/submissions", """
                {"problemId": %d, "language": "java", "files": [{"name": "Adder.java", "content": "class Adder {}"}]}""".formatted(problemId));
        assertThat(noSource.statusCode()).as(noSource.body()).isEqualTo(422);
        assertThat(noSource.body()).contains("none is called Main.java");
        assertThat(post(
                                "/api/submissions",
                                "{\"problemId\": %d, \"language\": \"java\", \"files\": []}".formatted(problemId))
                        .statusCode())
                .isEqualTo(422);
        assertThat(post("/api/submissions", "{\"problemId\": %d, \"language\": \"java\"}".formatted(problemId))
                        .statusCode())
                .isEqualTo(400);
        assertThat(submissions()).isEqualTo(before);
    }

    @Test
    void aSubmissionOfItsSourceAloneCarriesNoProgram() throws Exception {
        HttpResponse<String> accepted = post("/api/submissions", """
                {"problemId": %d, "language": "python", "sourceCode": "print(3)", "files": [], "compileOptions": []}""".formatted(problemId));

        assertThat(accepted.statusCode()).isEqualTo(202);
        assertThat(awaitRequest(
                                Lane.PRACTICE,
                                UUID.fromString(
                                        json.readTree(accepted.body()).get("id").asString()))
                        .program())
                .isNull();
    }

    @Test
    void filesAndOptionsItsLanguageCannotTakeAreRefusedByFieldAndNothingIsStored() throws Exception {
        long before = submissions();
        Map<String, String> refused = Map.of(
                "\"language\": \"cpp\", \"compileOptions\": [\"-fplugin=/tmp/evil.so\"]",
                "compileOptions",
                "\"language\": \"cpp\", \"compileOptions\": [\"-O3\", \"-O3\"]",
                "compileOptions",
                "\"language\": \"python\", \"compileOptions\": [\"-O2\"]",
                "compileOptions",
                "\"language\": \"cpp\", \"files\": [{\"name\": \"main.cpp\", \"content\": \"\"}]",
                "files[0].name",
                "\"language\": \"cpp\", \"files\": [{\"name\": \"input\", \"content\": \"\"}]",
                "files[0].name",
                "\"language\": \"cpp\", \"files\": [{\"name\": \"a.h\", \"content\": \"\"}, {\"name\": \"a.h\", \"content\": \"\"}]",
                "files[1].name",
                "\"language\": \"cpp\", \"files\": [{\"name\": \"../a.h\", \"content\": \"\"}]",
                "files[0].name",
                "\"language\": \"cpp\", \"files\": [{\"name\": \".a.h\", \"content\": \"\"}]",
                "files[0].name",
                "\"language\": \"cpp\", \"files\": [{\"name\": \"a.h\", \"content\": \"\\u0000\"}]",
                "files[0].content");
        for (Map.Entry<String, String> body : refused.entrySet()) {
            HttpResponse<String> response = post("/api/submissions", """
                    {"problemId": %d, "sourceCode": "int main() {}", %s}""".formatted(problemId, body.getKey()));
            // What the document refuses is 400; what only the language decides, 422 (as an unknown language).
            assertThat(response.statusCode()).as(body.getKey()).isIn(400, 422);
            assertThat(response.statusCode())
                    .as(body.getKey())
                    .isEqualTo(SEMANTIC.stream().anyMatch(body.getKey()::contains) ? 422 : 400);
            assertThat(response.headers().firstValue("Content-Type")).hasValue("application/problem+json");
            assertThat(json.readTree(response.body()).get("errors").findValuesAsString("field"))
                    .as(body.getKey())
                    .contains(body.getValue());
        }
        HttpResponse<String> batch = post("/api/submissions/batch", """
                {"submissions": [{"problemId": %d, "language": "cpp", "sourceCode": "int main() {}"},
                                 {"problemId": %d, "language": "cpp", "sourceCode": "int main() {}",
                                  "compileOptions": ["-fplugin=/tmp/evil.so"]}]}""".formatted(problemId, problemId));
        assertThat(batch.statusCode()).isEqualTo(422);
        assertThat(batch.body()).contains("submissions[1].compileOptions");
        assertThat(submissions()).isEqualTo(before);
    }

    @Test
    void aSourceAndItsFilesTogetherCountAgainstTheSourcesLengthLimit() throws Exception {
        long before = submissions();
        String half = "x".repeat(40_000);
        HttpResponse<String> response = post("/api/submissions", """
                {"problemId": %d, "language": "cpp", "sourceCode": "int main() {} // %s",
                 "files": [{"name": "a.h", "content": "%s"}, {"name": "b.h", "content": "%s"}]}""".formatted(problemId, half, half, half));

        assertThat(response.statusCode()).as(response.body()).isEqualTo(413);
        assertThat(json.readTree(response.body()).get("field").asString()).isEqualTo("files");
        assertThat(submissions()).isEqualTo(before);
    }

    @Test
    void aGraderProblemTakesOnlyItsGradersLanguagesAndBuildsEachSubmissionWithItsGrader() throws Exception {
        HttpResponse<String> created = post("/api/problems", """
                {"title": "Add", "timeLimitMs": 1000, "memoryLimitMb": 128,
                 "testCases": [{"input": "1 2\\n", "expectedOutput": "3\\n"}],
                 "graders": {
                   "cpp": {"solutionFile": "add.cpp",
                           "files": {"main.cpp": "#include \\"add.h\\"\\nint main() {}\\n", "add.h": "int add(int, int);\\n"}},
                   "python": {"solutionFile": "add.py", "files": {"main.py": "from add import add\\n"}}}}""");
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        long graded = json.readTree(created.body()).get("id").asLong();
        assertThat(json.readTree(get("/api/problems/" + graded).body())
                        .get("graders")
                        .get("cpp")
                        .get("solutionFile")
                        .asString())
                .isEqualTo("add.cpp");

        HttpResponse<String> accepted = post("/api/submissions", """
                {"problemId": %d, "language": "cpp", "sourceCode": "int add(int a, int b) { return a + b; }",
                 "files": [{"name": "helper.h", "content": ""}], "compileOptions": ["-O3"]}""".formatted(graded));
        assertThat(accepted.statusCode()).as(accepted.body()).isEqualTo(202);
        JudgeRequest.Program program = awaitRequest(
                        Lane.PRACTICE,
                        UUID.fromString(json.readTree(accepted.body()).get("id").asString()))
                .program();
        assertThat(program.sourceName()).isEqualTo("add.cpp");
        assertThat(program.files()).containsOnlyKeys("main.cpp", "add.h", "helper.h");
        assertThat(program.compileOptions()).containsExactly("-O3");

        long before = submissions();
        HttpResponse<String> java = post("/api/submissions", """
                {"problemId": %d, "language": "java", "sourceCode": "class Add {}"}""".formatted(graded));
        assertThat(java.statusCode()).isEqualTo(422);
        assertThat(java.body()).contains("\"field\":\"language\"").contains("cpp, python");
        for (String taken : new String[] {"add.h", "main.cpp"}) {
            HttpResponse<String> replacing = post("/api/submissions", """
                    {"problemId": %d, "language": "cpp", "sourceCode": "int add(int a, int b) { return a + b; }",
                     "files": [{"name": "%s", "content": "int main() { return 0; }"}]}""".formatted(graded, taken));
            assertThat(replacing.statusCode()).as(taken).isEqualTo(422);
            assertThat(replacing.body()).contains("files[0].name");
        }
        assertThat(submissions()).isEqualTo(before);
    }

    /** A problem that names its languages (a problem package's languages list) takes submissions in them alone. */
    @Test
    void aProblemThatNamesItsLanguagesTakesThemAloneAndNamesThemWhenItRefusesAnother() throws Exception {
        HttpResponse<String> created = post("/api/problems", """
                {"title": "Sum", "timeLimitMs": 1000, "memoryLimitMb": 128,
                 "testCases": [{"input": "1 2\\n", "expectedOutput": "3\\n"}], "languages": ["python", "cpp"]}""");
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        long limited = json.readTree(created.body()).get("id").asLong();
        assertThat(json.readTree(get("/api/problems/" + limited).body())
                        .get("languages")
                        .toString())
                .isEqualTo("[\"cpp\",\"python\"]");

        HttpResponse<String> python = post("/api/submissions", """
                {"problemId": %d, "language": "python", "sourceCode": "print(3)"}""".formatted(limited));
        assertThat(python.statusCode()).as(python.body()).isEqualTo(202);
        awaitRequest(
                Lane.PRACTICE,
                UUID.fromString(json.readTree(python.body()).get("id").asString()));
        long before = submissions();
        HttpResponse<String> java = post("/api/submissions", """
                {"problemId": %d, "language": "java", "sourceCode": "class Main {}"}""".formatted(limited));
        assertThat(java.statusCode()).isEqualTo(422);
        assertThat(java.body()).contains("\"field\":\"language\"").contains("takes submissions in cpp, python only");
        assertThat(submissions()).isEqualTo(before);

        // A language submissions cannot be in, or none at all, makes no such problem.
        Map<String, Integer> refusals = Map.of("[\"forth\"]", 422, "[\"checktestdata\"]", 422, "[]", 400);
        for (Map.Entry<String, Integer> languages : refusals.entrySet()) {
            HttpResponse<String> refused = post("/api/problems", """
                    {"title": "Sum", "timeLimitMs": 1000, "memoryLimitMb": 128,
                     "testCases": [{"input": "", "expectedOutput": ""}], "languages": %s}""".formatted(languages.getKey()));
            assertThat(refused.statusCode())
                    .as(languages.getKey() + " " + refused.body())
                    .isEqualTo(languages.getValue());
        }
    }

    @Test
    void aGraderMustHoldItsLanguagesEntryPointApartFromTheSolutionAndBeInAKnownLanguage() throws Exception {
        Map<String, Integer> graders = Map.of(
                "{\"cpp\": {\"solutionFile\": \"add.cpp\", \"files\": {\"grader.cpp\": \"int main() {}\"}}}", 400,
                "{\"cpp\": {\"solutionFile\": \"main.cpp\", \"files\": {\"main.cpp\": \"int main() {}\"}}}", 400,
                "{\"cpp\": {\"solutionFile\": \"input\", \"files\": {\"main.cpp\": \"int main() {}\"}}}", 400,
                "{\"cpp\": {\"solutionFile\": \"add.cpp\", \"files\": {\"../main.cpp\": \"\"}}}", 400,
                "{\"forth\": {\"solutionFile\": \"add.fs\", \"files\": {\"main.fs\": \"\"}}}", 422);
        for (Map.Entry<String, Integer> grader : graders.entrySet()) {
            HttpResponse<String> refused = post("/api/problems", """
                    {"title": "Add", "timeLimitMs": 1000, "memoryLimitMb": 128,
                     "testCases": [{"input": "", "expectedOutput": ""}], "graders": %s}""".formatted(grader.getKey()));
            assertThat(refused.statusCode()).as(grader.getKey()).isEqualTo(grader.getValue());
        }
    }

    @Test
    void aRunOnSeveralInputsGoesToTheWorkerAsOneRunEachNulKept() throws Exception {
        HttpResponse<String> accepted = post("/api/submissions", """
                {"language": "python", "sourceCode": "print(input())", "stdins": ["1\\n", "a\\u0000b\\n", ""]}""");

        assertThat(accepted.statusCode()).as(accepted.body()).isEqualTo(202);
        JudgeRequest request = awaitRequest(
                Lane.PRACTICE,
                UUID.fromString(json.readTree(accepted.body()).get("id").asString()));
        assertThat(request.testCases())
                .extracting(JudgeRequest.TestCase::input)
                .containsExactly("1\n", "a\u0000b\n", "");
        assertThat(request.isRunOnStdin()).isTrue();

        long before = submissions();
        assertThat(post("/api/submissions", """
                        {"language": "python", "sourceCode": "print(1)", "stdin": "", "stdins": [""]}""").statusCode()).isEqualTo(400);
        assertThat(post("/api/submissions", """
                        {"language": "python", "sourceCode": "print(1)", "stdins": []}""").statusCode()).isEqualTo(400);
        String half = "x".repeat(600_000);
        HttpResponse<String> tooLong = post("/api/submissions", """
                {"language": "python", "sourceCode": "print(1)", "stdins": ["%s", "%s"]}""".formatted(half, half));
        assertThat(tooLong.statusCode()).isEqualTo(413);
        assertThat(json.readTree(tooLong.body()).get("field").asString()).isEqualTo("stdins");
        assertThat(submissions()).isEqualTo(before);
    }

    @Test
    void anOutputOnlyProblemTakesEachTestsOutputByNumberAndNoProgramAndNoOtherProblemTakesOutputs() throws Exception {
        HttpResponse<String> created = post("/api/problems", """
                {"title": "Outputs", "timeLimitMs": 1000, "memoryLimitMb": 64, "outputOnly": true,
                 "testCases": [{"input": "1", "expectedOutput": "1"}, {"input": "2", "expectedOutput": "2"},
                               {"input": "3", "expectedOutput": "3"}]}""");
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        long outputOnly = json.readTree(created.body()).get("id").asLong();
        assertThat(json.readTree(created.body()).get("outputOnly").asBoolean()).isTrue();

        HttpResponse<String> accepted = post("/api/submissions", """
                {"problemId": %d, "outputs": {"3": "3", "1": "1\\u0000"}}""".formatted(outputOnly));
        assertThat(accepted.statusCode()).as(accepted.body()).isEqualTo(202);
        JudgeRequest request = awaitRequest(
                Lane.PRACTICE,
                UUID.fromString(json.readTree(accepted.body()).get("id").asString()));
        assertThat(request.outputs()).containsExactly("1\u0000", null, "3");
        assertThat(request.language()).isEqualTo(JudgeRequest.OUTPUT_ONLY);

        long before = submissions();
        Map<String, Integer> refused = Map.of(
                "{\"problemId\": %d, \"language\": \"python\", \"sourceCode\": \"print(1)\"}".formatted(outputOnly),
                422,
                "{\"problemId\": %d, \"outputs\": {\"1\": \"1\"}}".formatted(problemId),
                422,
                "{\"problemId\": %d, \"outputs\": {\"1\": \"1\"}, \"language\": \"python\"}".formatted(outputOnly),
                400,
                "{\"problemId\": %d, \"outputs\": {\"0\": \"1\"}}".formatted(outputOnly),
                400,
                "{\"problemId\": %d, \"outputs\": {\"../1\": \"1\"}}".formatted(outputOnly),
                400,
                "{\"problemId\": %d, \"outputs\": {}}".formatted(outputOnly),
                400,
                "{\"problemId\": %d, \"outputs\": {\"4\": \"4\"}}".formatted(outputOnly),
                422,
                "{\"outputs\": {\"1\": \"1\"}}",
                400,
                "{\"problemId\": %d, \"outputs\": {\"1\": \"%s\"}}".formatted(outputOnly, "x".repeat(4_194_305)),
                413);
        for (Map.Entry<String, Integer> body : refused.entrySet()) {
            HttpResponse<String> response = post("/api/submissions", body.getKey());
            assertThat(response.statusCode())
                    .as(body.getKey().substring(0, Math.min(120, body.getKey().length())))
                    .isEqualTo(body.getValue());
        }
        assertThat(submissions()).isEqualTo(before);
        assertThat(post("/api/problems", """
                        {"title": "x", "timeLimitMs": 1000, "memoryLimitMb": 64, "outputOnly": true,
                         "interactor": {"language": "python", "sourceCode": "print(1)"},
                         "testCases": [{"input": "1", "expectedOutput": "1"}]}""").statusCode()).isEqualTo(400);
    }

    @Test
    void anOutputOnlyProblemTakesAZipOfFilesNamedWithTheirTestsNumbersAndRefusesBombsAndStrangers() throws Exception {
        HttpResponse<String> created = post("/api/problems", """
                {"title": "Zipped", "timeLimitMs": 1000, "memoryLimitMb": 64, "outputOnly": true,
                 "testCases": [{"input": "1", "expectedOutput": "1"}, {"input": "2", "expectedOutput": "2"},
                               {"input": "3", "expectedOutput": "3"}]}""");
        long outputOnly = json.readTree(created.body()).get("id").asLong();
        String path = "/api/submissions/outputs?problemId=" + outputOnly;

        HttpResponse<String> accepted = postZip(
                path,
                zip(Map.of(
                        "outputs/output_01.txt", "1\n",
                        "outputs/3.out", "3\u0000",
                        "__MACOSX/outputs/._3.out", "junk",
                        ".DS_Store", "junk")));
        assertThat(accepted.statusCode()).as(accepted.body()).isEqualTo(202);
        JudgeRequest request = awaitRequest(
                Lane.PRACTICE,
                UUID.fromString(json.readTree(accepted.body()).get("id").asString()));
        assertThat(request.outputs()).containsExactly("1\n", null, "3\u0000");

        long before = submissions();
        Map<byte[], Integer> refused = new java.util.LinkedHashMap<>();
        refused.put("not a zip".getBytes(StandardCharsets.UTF_8), 400);
        refused.put(zip(Map.of("readme.txt", "hello")), 400);
        refused.put(zip(Map.of("1.out", "1", "a/01.txt", "1")), 400);
        refused.put(zip(Map.of("4.out", "4")), 422);
        refused.put(zip(Map.of("outputs/", "")), 400); // a folder alone: no output in it
        // 40 MiB of zeros packs to a few tens of KB: refused as it unpacks, at the limit.
        refused.put(zip(Map.of("1.out", "\u0000".repeat(40 << 20))), 413);
        java.util.Map<String, String> many = new java.util.HashMap<>();
        for (int i = 0; i < 4001; i++) {
            many.put(".hidden" + i, "");
        }
        refused.put(zip(many), 413);
        for (Map.Entry<byte[], Integer> body : refused.entrySet()) {
            HttpResponse<String> response = postZip(path, body.getKey());
            assertThat(response.statusCode()).as(response.body()).isEqualTo(body.getValue());
        }
        byte[] invalidUtf8 = zipBytes("1.out", new byte[] {(byte) 0xC3, (byte) 0x28});
        assertThat(postZip(path, invalidUtf8).statusCode()).isEqualTo(400);
        // Cut short inside its deflated data (once an unmapped EOFException: 500).
        byte[] whole = zip(Map.of("1.out", "1 2 3 4 5 6 7 8 9\n".repeat(1000)));
        assertThat(postZip(path, java.util.Arrays.copyOf(whole, whole.length / 2))
                        .statusCode())
                .isEqualTo(400);
        // Who may submit to what is checked before the zip is unpacked: to a problem that does not exist,
        // a zip that is none is the problem's 422, not the zip's 400 (which once showed it had been read).
        HttpResponse<String> unknown = postZip("/api/submissions/outputs?problemId=987654321", "not a zip".getBytes());
        assertThat(unknown.statusCode()).as(unknown.body()).isEqualTo(422);
        assertThat(unknown.body()).contains("Unknown problem");
        assertThat(send(request(path)
                                .header("Content-Type", "text/plain")
                                .POST(HttpRequest.BodyPublishers.ofString("1")))
                        .statusCode())
                .isEqualTo(415);
        assertThat(submissions()).isEqualTo(before);
    }

    private HttpResponse<String> postZip(String path, byte[] zip) throws Exception {
        return send(request(path)
                .header("Content-Type", "application/zip")
                .POST(HttpRequest.BodyPublishers.ofByteArray(zip)));
    }

    private static byte[] zip(Map<String, String> files) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream zip = new ZipOutputStream(bytes)) {
            for (Map.Entry<String, String> file : new java.util.TreeMap<>(files).entrySet()) {
                zip.putNextEntry(new ZipEntry(file.getKey()));
                zip.write(file.getValue().getBytes(StandardCharsets.UTF_8));
                zip.closeEntry();
            }
        }
        return bytes.toByteArray();
    }

    private static byte[] zipBytes(String name, byte[] content) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream zip = new ZipOutputStream(bytes)) {
            zip.putNextEntry(new ZipEntry(name));
            zip.write(content);
            zip.closeEntry();
        }
        return bytes.toByteArray();
    }

    private long submissions() {
        return jdbc.sql("select count(*) from submission").query(Long.class).single();
    }
}
