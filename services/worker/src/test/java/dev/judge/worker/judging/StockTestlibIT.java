package dev.judge.worker.judging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import dev.judge.contracts.Checker;
import dev.judge.contracts.JudgeRequest;
import dev.judge.contracts.JudgeResult;
import dev.judge.contracts.OutputComparison;
import dev.judge.contracts.ProblemProgram;
import dev.judge.contracts.Verdict;
import dev.judge.contracts.language.LanguageCatalog;
import dev.judge.worker.sandbox.Sandboxes;
import dev.judge.worker.sandbox.TestSandboxes;

/**
 * testlib's own checkers and its A+B interactor, unchanged, as a setter uploads them (the program
 * alone: the worker puts its bundled testlib.h beside it), judged in the real sandbox. They are not in
 * this repository: hack/testlib.sh puts them in build/testlib at the pinned commit (from GitHub, or
 * TESTLIB_SOURCE offline); without them this test is skipped.
 */
class StockTestlibIT {

    private static final Path TESTLIB = Path.of(System.getProperty("judge.testlib-dir", "../../build/testlib"));

    private static Sandboxes sandbox;
    private static Judge judge;

    @BeforeAll
    static void startSandboxes() {
        boolean present = Files.isRegularFile(TESTLIB.resolve("testlib.h"));
        if (!present) {
            System.out.println(
                    "StockTestlibIT skipped: no testlib in " + TESTLIB.toAbsolutePath() + " (hack/testlib.sh)");
        }
        assumeTrue(present, "no testlib in " + TESTLIB.toAbsolutePath());
        sandbox = TestSandboxes.startPool(TestSandboxes.sandboxProperties(Map.of()));
        // testlib.h is a large C++ compilation, slow on a busy machine: the default 15 s is for contestants' programs.
        judge = JudgeIT.newJudge(
                sandbox,
                LanguageCatalog.shipped(),
                TestSandboxes.workerProperties(Map.of(
                        "judge.worker.compile-time-limit",
                        "60s",
                        "judge.worker.testlib-header",
                        TESTLIB.resolve("testlib.h").toString())),
                TestSandboxes.testDataStore(Map.of()));
    }

    @AfterAll
    static void stopSandboxes() {
        if (sandbox != null) {
            TestSandboxes.stop(sandbox);
        }
    }

    @ParameterizedTest(name = "{0}: {2} for {1}")
    @CsvSource(delimiter = '|', textBlock = """
            wcmp      | 'A  B\\nC'      | ACCEPTED           | 'A B C\\n'  | 100.0
            wcmp      | 'A B\\nD'        | WRONG_ANSWER       | 'A B C\\n'  | 0.0
            lcmp      | '1 2\\n3'        | ACCEPTED           | '1 2\\n3\\n' | 100.0
            lcmp      | '1\\n2 3'        | WRONG_ANSWER       | '1 2\\n3\\n' | 0.0
            ncmp      | '1 2 3'          | ACCEPTED           | '1 2 3\\n'  | 100.0
            ncmp      | '1 2 4'          | WRONG_ANSWER       | '1 2 3\\n'  | 0.0
            rcmp4     | '0.50001'        | ACCEPTED           | '0.5\\n'    | 100.0
            rcmp4     | '0.51'           | WRONG_ANSWER       | '0.5\\n'    | 0.0
            yesno     | 'yes'            | ACCEPTED           | 'YES\\n'    | 100.0
            yesno     | 'NO'             | WRONG_ANSWER       | 'YES\\n'    | 0.0
            yesno     | 'maybe'          | WRONG_ANSWER       | 'YES\\n'    | 0.0
            pointscmp | '0.5'            | PARTIALLY_ACCEPTED | '1.0\\n'    | 50.0
            """)
    void aStockCheckerJudgesUnchanged(String checker, String printed, Verdict verdict, String answer, double score)
            throws IOException {
        ProblemProgram program = setterProgram("checkers/" + checker + ".cpp");
        Checker custom = new Checker(Checker.Kind.CUSTOM, null, program);
        String source = "import sys\nsys.stdout.write(" + pythonString(unescape(printed)) + ")\n";

        JudgeResult result = judge.judge(
                JudgeRequest.plain(
                        UUID.randomUUID(),
                        "python",
                        source,
                        new JudgeRequest.Limits(2000, 128),
                        custom,
                        List.of(new JudgeRequest.TestCase("1\n", unescape(answer))),
                        Instant.now()),
                Instant.now());

        assertThat(result.verdict()).as("%s", result).isEqualTo(verdict);
        assertThat(result.score()).isEqualTo(score);
    }

    /** pointscmp's quitp(|answer - printed|) on Polygon's scale: 3 points of a test worth 10. */
    @Test
    void theStockScoredCheckerGivesPolygonsPoints() throws IOException {
        Checker custom =
                new Checker(Checker.Kind.CUSTOM, null, setterProgram("checkers/pointscmp.cpp"), Checker.Scores.POINTS);

        JudgeResult result = judge.judge(
                new JudgeRequest(
                        UUID.randomUUID(),
                        "python",
                        "print(7.0)\n",
                        new JudgeRequest.Limits(2000, 128),
                        custom.asComparison(),
                        custom,
                        null,
                        List.of(new JudgeRequest.Group("only", 10, List.of())),
                        true,
                        List.of(new JudgeRequest.TestCase("1\n", "10.0\n", "only")),
                        Instant.now(),
                        null,
                        1),
                Instant.now());

        assertThat(result.verdict()).as("%s", result).isEqualTo(Verdict.PARTIALLY_ACCEPTED);
        assertThat(result.score()).isEqualTo(3.0);
    }

    /** testlib's A+B interactor writes the program's sums to tout; the stock wcmp judges them. */
    @ParameterizedTest(name = "A+B interactor and wcmp: {0}")
    @CsvSource(delimiter = '|', textBlock = """
            a + b | ACCEPTED
            a * b | WRONG_ANSWER
            """)
    void theStockInteractorWritesWhatTheStockCheckerJudges(String sum, Verdict verdict) throws IOException {
        String source = "while True:\n    try:\n        a, b = map(int, input().split())\n    except EOFError:\n"
                + "        break\n    print(" + sum + ", flush=True)\n";
        Checker wcmp = new Checker(Checker.Kind.CUSTOM, null, setterProgram("checkers/wcmp.cpp"));

        JudgeResult result = judge.judge(
                new JudgeRequest(
                        UUID.randomUUID(),
                        "python",
                        source,
                        new JudgeRequest.Limits(2000, 128),
                        OutputComparison.EXACT,
                        wcmp,
                        setterProgram("interactors/interactor-a-plus-b.cpp"),
                        List.of(),
                        true,
                        List.of(new JudgeRequest.TestCase("2\n1 2\n40 2\n", "3\n42\n")),
                        Instant.now(),
                        null,
                        1),
                Instant.now());

        assertThat(result.verdict()).as("%s", result).isEqualTo(verdict);
    }

    /** A setter's own testlib.h wins over the bundled one: this checker compiles only with its own. */
    @ParameterizedTest(name = "uploaded testlib.h: {0}")
    @CsvSource(delimiter = '|', textBlock = """
            '#define OWN_TESTLIB_VERDICT 0' | ACCEPTED
            '#define OWN_TESTLIB_VERDICT 1' | WRONG_ANSWER
            """)
    void aSettersOwnTestlibWinsOverTheBundledOne(String header, Verdict verdict) {
        ProblemProgram program = new ProblemProgram(
                "cpp",
                "#include \"testlib.h\"\nint main() { return OWN_TESTLIB_VERDICT; }\n",
                Map.of("testlib.h", header + "\n"));

        JudgeResult result = judge.judge(
                JudgeRequest.plain(
                        UUID.randomUUID(),
                        "python",
                        "print(1)\n",
                        new JudgeRequest.Limits(2000, 128),
                        new Checker(Checker.Kind.CUSTOM, null, program),
                        List.of(new JudgeRequest.TestCase("1\n", "1\n")),
                        Instant.now()),
                Instant.now());

        assertThat(result.verdict()).as("%s", result).isEqualTo(verdict);
    }

    /** The program alone, as a setter uploads it: testlib.h is the judge's. */
    private static ProblemProgram setterProgram(String path) throws IOException {
        return new ProblemProgram("cpp", Files.readString(TESTLIB.resolve(path)), Map.of());
    }

    private static String unescape(String text) {
        return text.replace("\\n", "\n");
    }

    private static String pythonString(String text) {
        return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n") + "\"";
    }
}
