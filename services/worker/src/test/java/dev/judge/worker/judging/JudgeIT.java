package dev.judge.worker.judging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import dev.judge.contracts.Checker;
import dev.judge.contracts.JudgeRequest;
import dev.judge.contracts.JudgeRequest.TestCase;
import dev.judge.contracts.JudgeResult;
import dev.judge.contracts.TestData;
import dev.judge.contracts.Verdict;
import dev.judge.contracts.language.Language;
import dev.judge.contracts.language.LanguageCatalog;
import dev.judge.worker.problemtests.TestDataServer;
import dev.judge.worker.problemtests.TestDataStore;
import dev.judge.worker.problemtests.TestDataUnavailableException;
import dev.judge.worker.sandbox.BusyNeighbours;
import dev.judge.worker.sandbox.Sandboxes;
import dev.judge.worker.sandbox.TestSandboxes;

/** The judge running real programs with the real toolchains. */
public class JudgeIT {

    private static final List<TestCase> SUM_TESTS =
            List.of(new TestCase("1 2\n", "3\n"), new TestCase("5 7\n", "12\n"));

    private static Sandboxes sandbox;
    private static WorkerProperties properties;

    @BeforeAll
    static void startSandboxes() {
        properties = TestSandboxes.workerProperties(Map.of("judge.worker.output-limit", "1MB"));
        sandbox = TestSandboxes.startPool(TestSandboxes.sandboxProperties(Map.of()));
    }

    @AfterAll
    static void stopSandboxes() {
        TestSandboxes.stop(sandbox);
    }

    @Test
    void acceptsACorrectPythonProgram() {
        JudgeResult result = judge("python", "a, b = map(int, input().split())\nprint(a + b)\n", SUM_TESTS, 2000);

        assertThat(result.verdict()).isEqualTo(Verdict.ACCEPTED);
        assertThat(result.testCases()).hasSize(2).allSatisfy(testCase -> {
            assertThat(testCase.verdict()).isEqualTo(Verdict.ACCEPTED);
            assertThat(testCase.exitCode()).isZero();
        });
    }

    @Test
    void compilesCOnceAndRunsEveryTestCase() {
        String source =
                "#include <stdio.h>\nint main(void){int a,b;scanf(\"%d %d\",&a,&b);printf(\"%d\\n\",a+b);return 0;}\n";
        JudgeResult result = judge("c", source, SUM_TESTS, 2000);

        assertThat(result.verdict()).isEqualTo(Verdict.ACCEPTED);
        assertThat(result.compilerOutput()).isEmpty();
        assertThat(result.testCases()).hasSize(2);
    }

    @Test
    void judgesOnTestsFetchedByReferenceAndFailsNoSubmissionWhenTheyCannotBeFetched() throws IOException {
        String sum = "a, b = map(int, input().split())\nprint(a + b)\n";
        try (TestDataServer api = new TestDataServer()) {
            TestData reference = api.serve(4, 2, SUM_TESTS);
            Judge judge = newJudge(
                    sandbox,
                    LanguageCatalog.shipped(),
                    properties,
                    TestSandboxes.testDataStore(Map.of(
                            "judge.worker.internal-api.url",
                            api.url(),
                            "judge.worker.internal-api.token",
                            TestDataServer.TOKEN)));

            assertThat(judge.judge(byReference(sum, reference), Instant.now()).testCases())
                    .hasSize(2)
                    .allSatisfy(test -> assertThat(test.verdict()).isEqualTo(Verdict.ACCEPTED));
            assertThat(judge.judge(byReference("print(3)", reference), Instant.now())
                            .verdict())
                    .isEqualTo(Verdict.WRONG_ANSWER);
            assertThat(api.requests()).isOne();

            TestData missing = new TestData(5, 1, "0".repeat(64), reference.bytes(), reference.count());
            assertThatThrownBy(() -> judge.judge(byReference(sum, missing), Instant.now()))
                    .as("not a verdict: the request goes back to the queue")
                    .isInstanceOf(TestDataUnavailableException.class)
                    .hasMessageContaining("404");
        }
    }

    private static JudgeRequest byReference(String python, TestData reference) {
        return new JudgeRequest(
                UUID.randomUUID(),
                "python",
                python,
                new JudgeRequest.Limits(2000, 256),
                null,
                Checker.EXACT,
                null,
                List.of(),
                true,
                null,
                Instant.now(),
                reference,
                1);
    }

    @Test
    void reportsAWrongAnswerAndStopsThere() {
        JudgeResult result =
                judge("python", "print(3)\n", List.of(new TestCase("", "4\n"), new TestCase("", "3\n")), 2000);

        assertThat(result.verdict()).isEqualTo(Verdict.WRONG_ANSWER);
        assertThat(result.testCases()).hasSize(1);
    }

    @Test
    void reportsARuntimeErrorWithTheExitCode() {
        JudgeResult result = judge("python", "import sys\nsys.exit(3)\n", SUM_TESTS, 2000);

        assertThat(result.verdict()).isEqualTo(Verdict.RUNTIME_ERROR);
        assertThat(result.testCases().getFirst().exitCode()).isEqualTo(3);
    }

    @Test
    void reportsACompilationErrorWithTheCompilersMessage() {
        JudgeResult result = judge("c", "int main(void) { return undefined_name; }\n", SUM_TESTS, 2000);

        assertThat(result.verdict()).isEqualTo(Verdict.COMPILATION_ERROR);
        assertThat(result.compilerOutput()).contains("undefined_name");
        assertThat(result.testCases()).isEmpty();
    }

    /**
     * A compilation the machine keeps from a CPU until its time runs out, every time, is the judge's
     * fault: INTERNAL_ERROR saying so, never COMPILATION_ERROR. The compiler and fifteen busy neighbours
     * share CPU 0: a sixteenth of it for a build of ~0.73 s of CPU (g++ -O2 here), which its 2 s of CPU
     * allow, but not its 6 s by the real clock (an eighth, with seven, made it ~5.8 s: once in time).
     */
    @Test
    void aCompilationTheMachineStarvesEveryTimeIsAnInternalErrorNotACompilationError() throws IOException {
        Language pinnedCpp = TestLanguages.of(
                "cpp",
                "C++ on CPU 0",
                "main.cpp",
                List.of("taskset", "-c", "0", "g++", "-O2", "-o", "main", "main.cpp"),
                List.of("./main"),
                "");
        Sandboxes starving = TestSandboxes.startQuicklyStarvedPool();
        try (BusyNeighbours busy = BusyNeighbours.start(15, 0)) {
            Judge judge = newJudge(
                    starving,
                    new LanguageCatalog(Map.of("cpp", pinnedCpp)),
                    TestSandboxes.workerProperties(Map.of("judge.worker.compile-time-limit", "2s")),
                    TestSandboxes.testDataStore(Map.of()));
            JudgeResult result = judge.judge(
                    JudgeRequest.plain(
                            UUID.randomUUID(),
                            "cpp",
                            "#include <bits/stdc++.h>\nint main() { int a, b; std::cin >> a >> b; std::cout << a + b; }\n",
                            new JudgeRequest.Limits(1000, 256),
                            Checker.EXACT,
                            SUM_TESTS,
                            Instant.now()),
                    Instant.now());

            assertThat(result.verdict()).as("%s", result).isEqualTo(Verdict.INTERNAL_ERROR);
            assertThat(result.compilerOutput()).contains("too busy");
        } finally {
            TestSandboxes.stop(starving);
        }
    }

    @Test
    void aJudgingInterruptedMidRunIsPassedOnNotMadeAVerdict() throws Exception {
        // A worker stopping past its drain timeout interrupts its judging threads: the submission must go
        // back to its queue (the listener throws), not end INTERNAL_ERROR.
        AtomicReference<Object> outcome = new AtomicReference<>();
        Thread judging = Thread.ofPlatform().start(() -> {
            try {
                outcome.set(judge("python", "import time\ntime.sleep(30)\n", SUM_TESTS, 10_000));
            } catch (RuntimeException e) {
                outcome.set(e);
            }
        });
        Thread.sleep(2000);
        judging.interrupt();
        judging.join(30_000);

        assertThat(outcome.get()).isInstanceOf(JudgingInterrupted.class);
    }

    @Test
    void stopsAProgramAtItsTimeLimit() {
        JudgeResult result = judge("python", "while True:\n    pass\n", SUM_TESTS, 300);

        assertThat(result.verdict()).isEqualTo(Verdict.TIME_LIMIT_EXCEEDED);
        // Killed at the wall limit (2 × 300 ms + 1 s), not left running.
        assertThat(result.testCases().getFirst().wallTimeMs()).isLessThan(3000);
    }

    @Test
    void stopsAProgramAtItsOutputLimit() {
        JudgeResult result = judge("python", "while True:\n    print('x' * 1000)\n", SUM_TESTS, 5000);

        assertThat(result.verdict()).isEqualTo(Verdict.OUTPUT_LIMIT_EXCEEDED);
    }

    @Test
    void returnsTheOutputOfARunWithoutExpectedOutput() {
        JudgeResult result = judge("python", "print(input()[::-1])\n", List.of(new TestCase("abc\n", null)), 2000);

        assertThat(result.verdict()).isEqualTo(Verdict.ACCEPTED);
        assertThat(result.testCases().getFirst().output()).isEqualTo("cba\n");
    }

    @Test
    void compilesOnceAndRunsEachInputOfARunWithoutAProblemWhateverTheOneBeforeDid() {
        String source = "#include <stdio.h>\n#include <stdlib.h>\n"
                + "int main(void){int n;scanf(\"%d\",&n);if(n<0)abort();printf(\"%d\\n\",n*2);return 0;}\n";
        JudgeResult result = judge(
                "c",
                source,
                List.of(new TestCase("1\n", null), new TestCase("-1\n", null), new TestCase("21\n", null)),
                2000);

        assertThat(result.verdict()).as("the first that was not accepted").isEqualTo(Verdict.RUNTIME_ERROR);
        assertThat(result.testCases())
                .extracting(JudgeResult.TestCaseResult::verdict)
                .containsExactly(Verdict.ACCEPTED, Verdict.RUNTIME_ERROR, Verdict.ACCEPTED);
        assertThat(result.testCases().get(2).output()).isEqualTo("42\n");
        assertThat(result.score()).as("no problem, no score").isNull();
    }

    @Test
    void startsEveryRunWithNoProcessOfTheRunBefore() {
        String source = """
                import os, subprocess
                if input() == "leave":
                    subprocess.Popen(["sleep", "600"], start_new_session=True)
                    print("left")
                else:
                    print(len([pid for pid in os.listdir("/proc") if pid.isdigit() and int(pid) not in (1, os.getpid())]))
                """;
        JudgeResult result = judge(
                "python", source, List.of(new TestCase("leave\n", "left\n"), new TestCase("count\n", "0\n")), 2000);

        assertThat(result.verdict()).as("%s", result).isEqualTo(Verdict.ACCEPTED);
    }

    @Test
    void givesAnInternalErrorForALanguageItDoesNotKnow() {
        JudgeResult result = judge("brainfuck", "+", SUM_TESTS, 2000);

        assertThat(result.verdict()).isEqualTo(Verdict.INTERNAL_ERROR);
    }

    @Test
    void everyShippedLanguagePassesItsSelfCheck() {
        // The worker's own output limit (16 MB), not this suite's 1 MB: BEAM's JIT (Erlang, Elixir) maps
        // its code through an 8 MB memory file, which RLIMIT_FSIZE counts (docs/languages.md).
        Judge judge = newJudge(
                sandbox,
                LanguageCatalog.shipped(),
                TestSandboxes.workerProperties(Map.of()),
                TestSandboxes.testDataStore(Map.of()));
        LanguageSelfCheck check = new LanguageSelfCheck(judge, LanguageCatalog.shipped(), EVERY_LANGUAGE);
        check.start();
        assertThat(check.isRunning()).isTrue();
    }

    @Test
    void refusesToStartNamingALanguageWhoseToolchainIsMissing() {
        LanguageCatalog broken = brokenCatalog();
        LanguageSelfCheck check = new LanguageSelfCheck(judge(broken), broken, EVERY_LANGUAGE);

        assertThatThrownBy(check::start)
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("'forth' failed its self-check");
        assertThat(check.isRunning()).isFalse();
    }

    /** An image's worker judges only the languages it is told at start: its toolchains were checked at build. */
    @Test
    void aWorkerFromAnImageProvesItsSandboxWithOnlyTheLanguagesItIsTold() {
        LanguageCatalog broken = brokenCatalog();
        LanguageSelfCheck check = new LanguageSelfCheck(
                judge(broken), broken, new LanguageSelfCheck.SelfCheckProperties(List.of("python")));

        check.start();

        assertThat(check.isRunning()).isTrue();
    }

    @Test
    void aLanguageToCheckThatTheDeploymentDoesNotEnableGivesWayToTheFirstEnabledOne() {
        LanguageCatalog onlyForth = new LanguageCatalog(Map.of("forth", TestLanguages.missing()));
        LanguageSelfCheck check = new LanguageSelfCheck(
                judge(onlyForth), onlyForth, new LanguageSelfCheck.SelfCheckProperties(List.of("python")));

        // Python is not enabled: Forth, the one enabled, is checked, and no worker here has it.
        assertThatThrownBy(check::start)
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("The language 'forth' failed its self-check");
    }

    private static final LanguageSelfCheck.SelfCheckProperties EVERY_LANGUAGE =
            new LanguageSelfCheck.SelfCheckProperties(List.of());

    private JudgeResult judge(String language, String source, List<TestCase> testCases, long timeLimitMs) {
        JudgeRequest request = JudgeRequest.plain(
                UUID.randomUUID(),
                language,
                source,
                new JudgeRequest.Limits(timeLimitMs, 256),
                Checker.EXACT,
                testCases,
                Instant.now());
        return judge(LanguageCatalog.shipped()).judge(request, Instant.now());
    }

    private static Judge judge(LanguageCatalog catalog) {
        return newJudge(sandbox, catalog, properties, TestSandboxes.testDataStore(Map.of()));
    }

    public static Judge newJudge(
            Sandboxes sandboxes, LanguageCatalog catalog, WorkerProperties properties, TestDataStore testData) {
        return new Judge(
                sandboxes,
                catalog,
                properties,
                new SetterPrograms(sandboxes, catalog, properties, TestSandboxes.sandboxProperties(Map.of())),
                testData,
                new WorkerIdentity());
    }

    /** Python, and Forth, which no worker here has. */
    static LanguageCatalog brokenCatalog() {
        Language python = LanguageCatalog.shipped().find("python").orElseThrow();
        return new LanguageCatalog(Map.of("python", python, "forth", TestLanguages.missing()));
    }
}
