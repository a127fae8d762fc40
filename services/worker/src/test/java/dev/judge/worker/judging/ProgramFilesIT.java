package dev.judge.worker.judging;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import dev.judge.contracts.Checker;
import dev.judge.contracts.JudgeRequest;
import dev.judge.contracts.JudgeRequest.TestCase;
import dev.judge.contracts.JudgeResult;
import dev.judge.contracts.Verdict;

/**
 * Programs of several files, and compile options a submission chose, built by the real toolchains:
 * what the catalog's extra-sources and allowed-compile-options promise, and what a hostile
 * submission's names and options cannot do.
 */
class ProgramFilesIT extends RealJudge {

    private static final List<TestCase> SUM = List.of(new TestCase("1 2\n", "3\n"), new TestCase("5 7\n", "12\n"));
    private static final String CPP_MAIN = """
            #include <iostream>
            #include "geometry.h"
            int main() { long long a, b; std::cin >> a >> b; std::cout << add(a, b) << "\\n"; }
            """;
    private static final Map<String, String> CPP_OTHERS = Map.of(
            "geometry.h", "long long add(long long a, long long b);\n",
            "geometry.cpp", "#include \"geometry.h\"\nlong long add(long long a, long long b) { return a + b; }\n");

    @Test
    void aCppProgramsOtherSourcesAreCompiledWithItAndItsHeadersFound() {
        assertThat(judge("cpp", CPP_MAIN, new JudgeRequest.Program(null, CPP_OTHERS, null), SUM))
                .isEqualTo(Verdict.ACCEPTED);
        // Without the other source the function is undefined: the files are what made it build.
        assertThat(judge(
                        "cpp",
                        CPP_MAIN,
                        new JudgeRequest.Program(null, Map.of("geometry.h", CPP_OTHERS.get("geometry.h")), null),
                        SUM))
                .isEqualTo(Verdict.COMPILATION_ERROR);
    }

    @Test
    void filesOfLanguagesWhoseToolchainsFindThemAreFoundBesideTheSource() {
        assertThat(judge(
                        "python",
                        "from helper import add\nprint(add(*map(int, input().split())))\n",
                        new JudgeRequest.Program(null, Map.of("helper.py", "def add(a, b):\n    return a + b\n"), null),
                        SUM))
                .isEqualTo(Verdict.ACCEPTED);
        assertThat(judge(
                        "java",
                        """
                        public class Main {
                            public static void main(String[] args) {
                                java.util.Scanner in = new java.util.Scanner(System.in);
                                System.out.println(Helper.add(in.nextLong(), in.nextLong()));
                            }
                        }
                        """,
                        new JudgeRequest.Program(
                                null,
                                Map.of(
                                        "Helper.java",
                                        "class Helper { static long add(long a, long b) { return a + b; } }\n"),
                                null),
                        SUM))
                .isEqualTo(Verdict.ACCEPTED);
        assertThat(judge(
                        "go",
                        "package main\nimport \"fmt\"\nfunc main() { var a, b int64; fmt.Scan(&a, &b); fmt.Println(add(a, b)) }\n",
                        new JudgeRequest.Program(
                                null,
                                Map.of("add.go", "package main\nfunc add(a, b int64) int64 { return a + b }\n"),
                                null),
                        SUM))
                .isEqualTo(Verdict.ACCEPTED);
    }

    @Test
    void theCompileOptionsASubmissionChoseWinOverTheCatalogs() {
        String standard = """
                #include <iostream>
                int main() {
                #ifdef ONLINE_JUDGE
                    std::cout << __cplusplus << " judged\\n";
                #else
                    std::cout << __cplusplus << "\\n";
                #endif
                }
                """;
        List<TestCase> cpp17Judged = List.of(new TestCase("", "201703 judged\n"));

        assertThat(judge(
                        "cpp",
                        standard,
                        new JudgeRequest.Program(null, null, List.of("-std=c++17", "-DONLINE_JUDGE")),
                        cpp17Judged))
                .isEqualTo(Verdict.ACCEPTED);
        assertThat(judge("cpp", standard, null, cpp17Judged))
                .as("the catalog's C++20, no macro")
                .isEqualTo(Verdict.WRONG_ANSWER);
    }

    @Test
    void aGradersSourceIsTheLanguagesSourceFileAndTheContestantsIsSavedUnderTheNameTheProblemGives() {
        String grader = """
                #include <iostream>
                long long add(long long a, long long b);
                int main() { long long a, b; std::cin >> a >> b; std::cout << add(a, b) << "\\n"; }
                """;
        String solution = "long long add(long long a, long long b) { return a + b; }\n";

        assertThat(judge(
                        "cpp",
                        solution,
                        new JudgeRequest.Program("solution.cpp", Map.of("main.cpp", grader), null),
                        SUM))
                .isEqualTo(Verdict.ACCEPTED);
    }

    @Test
    void namesThatReachOutsideTheFolderOrClashAndOptionsTheCatalogLacksBuildNothing() throws IOException {
        List<JudgeRequest.Program> hostile = List.of(
                new JudgeRequest.Program(null, Map.of("../escaped.h", "x"), null),
                new JudgeRequest.Program(null, Map.of("/tmp/escaped.h", "x"), null),
                new JudgeRequest.Program(null, Map.of(".hidden", "x"), null),
                new JudgeRequest.Program(null, Map.of("-include", "x"), null),
                new JudgeRequest.Program(null, Map.of("input", "x"), null),
                new JudgeRequest.Program(null, Map.of("main.cpp", "int main() {}"), null),
                new JudgeRequest.Program("../solution.cpp", Map.of(), null),
                new JudgeRequest.Program("solution.cpp", Map.of("solution.cpp", "x"), null),
                new JudgeRequest.Program(null, null, List.of("-fplugin=/tmp/evil.so")),
                new JudgeRequest.Program(null, null, List.of("-O3 -fplugin=/tmp/evil.so")),
                new JudgeRequest.Program(null, null, List.of("-O3", "-O3")));
        for (JudgeRequest.Program program : hostile) {
            JudgeResult result = judgeResult("cpp", CPP_MAIN, program, SUM);
            assertThat(result.verdict()).as("%s", program).isEqualTo(Verdict.INTERNAL_ERROR);
            assertThat(result.compilerOutput()).as("%s", program).startsWith("The submission's files cannot be built");
        }
        try (Stream<Path> escaped = Files.find(
                Path.of(System.getProperty("java.io.tmpdir")),
                6,
                (path, attributes) -> path.getFileName().toString().equals("escaped.h"))) {
            assertThat(escaped).isEmpty();
        }
    }

    private static Verdict judge(String language, String source, JudgeRequest.Program program, List<TestCase> tests) {
        JudgeResult result = judgeResult(language, source, program, tests);
        return result.verdict();
    }

    private static JudgeResult judgeResult(
            String language, String source, JudgeRequest.Program program, List<TestCase> tests) {
        JudgeRequest request = JudgeRequest.plain(
                        UUID.randomUUID(),
                        language,
                        source,
                        new JudgeRequest.Limits(5000, 256),
                        Checker.EXACT,
                        tests,
                        Instant.now())
                .withProgram(program);
        return judge.judge(request, Instant.now());
    }
}
