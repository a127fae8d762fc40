package dev.judge.worker.preparation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

import dev.judge.contracts.Checker;
import dev.judge.contracts.JudgeRequest;
import dev.judge.contracts.JudgeRequest.TestCase;
import dev.judge.contracts.PreparationResult;
import dev.judge.contracts.ProblemPreparation;
import dev.judge.contracts.ProblemProgram;
import dev.judge.contracts.SetterLimits;
import dev.judge.contracts.TimeLimitInference;
import dev.judge.contracts.language.Language;
import dev.judge.contracts.language.LanguageCatalog;
import dev.judge.worker.judging.JudgeIT;
import dev.judge.worker.judging.SetterPrograms;
import dev.judge.worker.judging.WorkerIdentity;
import dev.judge.worker.judging.WorkerProperties;
import dev.judge.worker.problemtests.TestDataStore;
import dev.judge.worker.sandbox.BusyNeighbours;
import dev.judge.worker.sandbox.MachineTooBusyException;
import dev.judge.worker.sandbox.Sandboxes;
import dev.judge.worker.sandbox.TestSandboxes;

/** A problem version's setter programs built and its tests validated in the real sandbox, as a worker does on a save. */
class ProblemPreparerIT {

    private static final ProblemProgram CHECKER =
            new ProblemProgram("c", "int main(int argc, char **argv) { return 0; }\n", Map.of());
    /** Accepts a number up to 10 in the group "small", up to 1000 elsewhere; says why it rejects, as testlib does. */
    private static final ProblemProgram VALIDATOR = new ProblemProgram("python", """
            import sys
            n = int(sys.stdin.read())
            limit = 10 if sys.argv[1:] == ["--group", "small"] else 1000
            if n > limit:
                sys.stderr.write(f"FAIL Integer {n} violates the range [1, {limit}] (stdin, line 1)\\n")
                sys.exit(3)
            """, Map.of());

    private static Sandboxes sandbox;
    private static ProblemPreparer preparer;

    @BeforeAll
    static void startSandboxes() {
        sandbox = TestSandboxes.startPool(TestSandboxes.sandboxProperties(Map.of()));
        WorkerProperties properties = TestSandboxes.workerProperties(Map.of("judge.worker.setter-time-limit", "1s"));
        preparer = newPreparer(sandbox, properties, TestSandboxes.testDataStore(Map.of()));
    }

    /** A preparer as the worker wires it, its tests by reference from {@code testData}. */
    static ProblemPreparer newPreparer(Sandboxes sandbox, WorkerProperties properties, TestDataStore testData) {
        return newPreparer(sandbox, properties, TestSandboxes.preparationProperties(Map.of()), testData);
    }

    static ProblemPreparer newPreparer(
            Sandboxes sandbox,
            WorkerProperties properties,
            PreparationProperties preparationProperties,
            TestDataStore testData) {
        SetterPrograms programs = new SetterPrograms(
                sandbox, LanguageCatalog.shipped(), properties, TestSandboxes.sandboxProperties(Map.of()));
        return new ProblemPreparer(
                programs,
                sandbox,
                testData,
                properties,
                new WorkerIdentity(),
                JudgeIT.newJudge(sandbox, LanguageCatalog.shipped(), properties, testData),
                new TestGenerator(
                        programs,
                        sandbox,
                        testData,
                        properties,
                        preparationProperties,
                        TestSandboxes.sandboxProperties(Map.of()),
                        JsonMapper.builder().build()),
                preparationProperties,
                LanguageCatalog.shipped());
    }

    @AfterAll
    static void stopSandboxes() {
        TestSandboxes.stop(sandbox);
    }

    @Test
    void aVersionWhoseProgramsBuildAndWhoseTestsAreValidIsReady() throws IOException {
        PreparationResult result = preparer.prepare(preparation(
                CHECKER,
                VALIDATOR,
                List.of(new TestCase("5\n", "5\n", "small"), new TestCase("500\n", "500\n", "large"))));

        assertThat(result.status()).as("%s", result).isEqualTo(PreparationResult.Status.READY);
        assertThat(result.file()).isNull();
    }

    @Test
    void aCheckerThatDoesNotCompileFailsTheVersionWithTheCompilersWords() throws IOException {
        ProblemProgram broken = new ProblemProgram("c", "int main( { return 0; }\n", Map.of());

        PreparationResult result =
                preparer.prepare(preparation(broken, null, List.of(new TestCase("1\n", "1\n", null))));

        assertThat(result.status()).isEqualTo(PreparationResult.Status.FAILED);
        assertThat(result.file()).isEqualTo("checker");
        assertThat(result.message()).contains("error");
    }

    @Test
    void aTestTheValidatorRejectsFailsTheVersionNamingTheTestAndTheValidatorsWords() throws IOException {
        PreparationResult result = preparer.prepare(preparation(
                CHECKER,
                VALIDATOR,
                List.of(
                        new TestCase("5\n", "5\n", "small"),
                        new TestCase("50\n", "50\n", "large"),
                        new TestCase("50\n", "50\n", "small"))));

        assertThat(result.status()).isEqualTo(PreparationResult.Status.FAILED);
        assertThat(result.file()).isEqualTo("test 3");
        assertThat(result.message())
                .contains("FAIL Integer 50 violates the range [1, 10]")
                .contains("validator exited with code 3");
    }

    /**
     * A problem package's input validator: exit 42 is valid (exit 0, valid for testlib, is not), it gets
     * its own arguments and never testlib's {@code --group}.
     */
    @Test
    void aPackagesInputValidatorPassesOnlyByExiting42WithItsOwnArguments() throws IOException {
        ProblemProgram inRange = new ProblemProgram(
                "python",
                "import sys\nassert sys.argv[1:] == ['--max', '10'], sys.argv\n"
                        + "n = int(input())\nsys.exit(42 if 1 <= n <= int(sys.argv[2]) else 43)\n",
                Map.of(),
                null,
                ProblemProgram.Protocol.KATTIS,
                List.of("--max", "10"));
        ProblemProgram exitsZero = new ProblemProgram(
                "python", "import sys\nsys.exit(0)\n", Map.of(), null, ProblemProgram.Protocol.KATTIS, List.of());

        PreparationResult valid = preparer.prepare(preparation(
                null, inRange, List.of(new TestCase("5\n", "5\n", "small"), new TestCase("9\n", "9\n", null))));
        PreparationResult invalid = preparer.prepare(preparation(
                null, inRange, List.of(new TestCase("5\n", "5\n", null), new TestCase("50\n", "50\n", null))));
        PreparationResult zero =
                preparer.prepare(preparation(null, exitsZero, List.of(new TestCase("5\n", "5\n", null))));
        // Test 2's folder gives it its own arguments (input_validator_args): there 5 is over the most.
        ProblemProgram tighterOnTest2 = new ProblemProgram(
                "python",
                "import sys\nn = int(input())\nsys.exit(42 if 1 <= n <= int(sys.argv[2]) else 43)\n",
                Map.of(),
                null,
                ProblemProgram.Protocol.KATTIS,
                List.of("--max", "10"),
                Map.of(2, List.of("--max", "3")));
        PreparationResult ownArguments = preparer.prepare(preparation(
                null, tighterOnTest2, List.of(new TestCase("5\n", "5\n", null), new TestCase("5\n", "5\n", null))));

        assertThat(valid.status()).as("%s", valid).isEqualTo(PreparationResult.Status.READY);
        assertThat(invalid.status()).isEqualTo(PreparationResult.Status.FAILED);
        assertThat(invalid.file()).isEqualTo("test 2");
        assertThat(invalid.message()).contains("exited with code 43");
        assertThat(zero.status()).isEqualTo(PreparationResult.Status.FAILED);
        assertThat(zero.file()).isEqualTo("test 1");
        assertThat(ownArguments.status()).isEqualTo(PreparationResult.Status.FAILED);
        assertThat(ownArguments.file()).isEqualTo("test 2");
    }

    /**
     * A package's several input validators each run on every test, in their order: the second, in another
     * language, rejects what the first accepts, and the version fails naming it; both accepting, it is ready.
     */
    @Test
    void everyInputValidatorOfAPackageRunsOnEveryTestAndTheOneThatRejectsIsNamed() throws IOException {
        ProblemProgram positive = new ProblemProgram(
                "python",
                "import sys\nsys.exit(42 if int(input()) > 0 else 43)\n",
                Map.of(),
                null,
                ProblemProgram.Protocol.KATTIS,
                List.of());
        ProblemProgram even = new ProblemProgram(
                "c",
                "#include <stdio.h>\nint main(void) { int n; return scanf(\"%d\", &n) == 1 && n % 2 == 0 ? 42 : 43; }\n",
                Map.of(),
                null,
                ProblemProgram.Protocol.KATTIS,
                List.of());

        PreparationResult valid = preparer.prepare(validated(positive, List.of(even), "4\n", "8\n"));
        PreparationResult odd = preparer.prepare(validated(positive, List.of(even), "4\n", "7\n"));
        PreparationResult negative = preparer.prepare(validated(positive, List.of(even), "-2\n", "8\n"));

        assertThat(valid.status()).as("%s", valid).isEqualTo(PreparationResult.Status.READY);
        assertThat(odd.status()).isEqualTo(PreparationResult.Status.FAILED);
        assertThat(odd.file()).isEqualTo("test 2");
        assertThat(odd.message()).contains("the validator 2 exited with code 43");
        assertThat(negative.status()).isEqualTo(PreparationResult.Status.FAILED);
        assertThat(negative.file()).isEqualTo("test 1");
        assertThat(negative.message()).contains("the validator exited with code 43");
    }

    /**
     * A problem package's checktestdata script (.ctd), in the catalog's language of input validators: compiled
     * to a program that exits 42 on a valid input, 43 (with checktestdata's words) on another.
     */
    @Test
    void aChecktestdataScriptValidatesEachTestAndSaysWhereTheInputFails() throws IOException {
        ProblemProgram script = new ProblemProgram(
                "checktestdata",
                "INT(1, 100, n) NEWLINE\nREP(n, SPACE) INT(-5, 5) END NEWLINE\nEOF\n",
                Map.of(),
                null,
                ProblemProgram.Protocol.KATTIS,
                List.of());

        PreparationResult valid = preparer.prepare(validated(script, List.of(), "3\n1 -2 5\n", "1\n0\n"));
        PreparationResult outOfRange = preparer.prepare(validated(script, List.of(), "3\n1 -2 5\n", "2\n1 9\n"));

        assertThat(valid.status()).as("%s", valid).isEqualTo(PreparationResult.Status.READY);
        assertThat(outOfRange.status()).isEqualTo(PreparationResult.Status.FAILED);
        assertThat(outOfRange.file()).isEqualTo("test 2");
        assertThat(outOfRange.message()).contains("exited with code 43");
    }

    private static ProblemPreparation validated(
            ProblemProgram validator, List<ProblemProgram> furtherValidators, String... inputs) {
        return new ProblemPreparation(
                1,
                1,
                null,
                null,
                validator,
                java.util.Arrays.stream(inputs)
                        .map(input -> new TestCase(input, input))
                        .toList(),
                null,
                List.of(),
                null,
                null,
                null,
                furtherValidators);
    }

    /** A setter's standard and macros reach its compiler: this checker builds only as C++17 with NEEDED defined. */
    @Test
    void aCheckerIsCompiledToItsStandardWithItsMacros() throws IOException {
        String source =
                "static_assert(__cplusplus == 201703L && NEEDED == 3, \"C++17 with NEEDED=3\");\nint main() { return 0; }\n";
        ProblemProgram asChosen = new ProblemProgram(
                "cpp", source, Map.of(), new Language.CompileOptions("c++17", List.of("NEEDED=3", "ONLINE_JUDGE")));
        ProblemProgram asCatalog = new ProblemProgram("cpp", source, Map.of());
        List<TestCase> tests = List.of(new TestCase("1\n", "1\n", null));

        assertThat(preparer.prepare(preparation(asChosen, null, tests)).status())
                .isEqualTo(PreparationResult.Status.READY);
        PreparationResult catalogs = preparer.prepare(preparation(asCatalog, null, tests));
        assertThat(catalogs.status()).isEqualTo(PreparationResult.Status.FAILED);
        assertThat(catalogs.message()).contains("C++17 with NEEDED=3");
    }

    /** A hostile or careless validator: it never ends, and fails the version rather than hold the worker. */
    @Test
    void aValidatorThatNeverEndsFailsTheVersionOnItsTimeLimit() throws IOException {
        ProblemProgram endless = new ProblemProgram("python", "while True:\n    pass\n", Map.of());

        PreparationResult result =
                preparer.prepare(preparation(null, endless, List.of(new TestCase("1\n", "1\n", null))));

        assertThat(result.status()).isEqualTo(PreparationResult.Status.FAILED);
        assertThat(result.file()).isEqualTo("test 1");
        assertThat(result.message()).contains("ran out of time");
    }

    /** A slow validator the worker's setter limit (1 s here) stops passes within the problem's own. */
    @Test
    void aProblemsOwnSetterLimitsHoldItsValidatorInsteadOfTheWorkers() throws IOException {
        ProblemProgram slow = new ProblemProgram("python", """
                import sys, time
                sys.stdin.read()
                started = time.process_time()
                while time.process_time() - started < 1.5:
                    pass
                """, Map.of());
        List<TestCase> tests = List.of(new TestCase("1\n", "1\n"));

        PreparationResult workers = preparer.prepare(preparation(null, slow, tests));
        PreparationResult own = preparer.prepare(new ProblemPreparation(
                1, 1, null, null, slow, tests, null, List.of(), null, new SetterLimits(4000L, 256L), null, null));

        assertThat(workers.message()).contains("ran out of time");
        assertThat(own.status()).isEqualTo(PreparationResult.Status.READY);
    }

    /**
     * A validator the machine keeps from a CPU until its time runs out, every time, fails nothing: the
     * preparation is tried again later (from its queue). It pins itself to CPU 0, beside seven busy
     * neighbours: an eighth of a CPU for 0.8 s of its own, which its 1 s of CPU allow.
     */
    @Test
    void aValidatorTheMachineStarvesEveryTimeFailsNoVersion() throws IOException {
        ProblemProgram pinned = new ProblemProgram("python", """
                import os, sys, time
                os.sched_setaffinity(0, {0})
                sys.stdin.read()
                while time.process_time() < 0.8:
                    pass
                """, Map.of());
        Sandboxes starving = TestSandboxes.startQuicklyStarvedPool();
        try (BusyNeighbours busy = BusyNeighbours.start(7, 0)) {
            ProblemPreparer starved = newPreparer(
                    starving,
                    TestSandboxes.workerProperties(Map.of("judge.worker.setter-time-limit", "1s")),
                    TestSandboxes.testDataStore(Map.of()));

            assertThatThrownBy(() -> starved.prepare(preparation(null, pinned, List.of(new TestCase("1\n", "1\n")))))
                    .isInstanceOf(MachineTooBusyException.class);
        } finally {
            TestSandboxes.stop(starving);
        }
    }

    /** Each solution judged as a submission, its verdict against its tag; a main one that fails is reported, not hidden. */
    @Test
    void judgesTheTaggedSolutionsOfAValidVersionEachAgainstItsTag() throws IOException {
        List<TestCase> tests = List.of(new TestCase("1 2\n", "3\n"), new TestCase("40 2\n", "42\n"));
        ProblemPreparation preparation = new ProblemPreparation(
                1,
                1,
                null,
                null,
                VALIDATOR_OF_TWO,
                tests,
                null,
                List.of(
                        solution("solutions/sum.py", "main", "a, b = map(int, input().split())\nprint(a + b)\n", tests),
                        solution(
                                "solutions/product.py",
                                "wrong-answer",
                                "a, b = map(int, input().split())\nprint(a * b)\n",
                                tests),
                        solution("solutions/slow.py", "time-limit-exceeded", "while True:\n    pass\n", tests),
                        solution(
                                "solutions/difference.py",
                                "accepted",
                                "a, b = map(int, input().split())\nprint(a - b)\n",
                                tests)),
                null);

        PreparationResult result = preparer.prepare(preparation);

        assertThat(result.status()).isEqualTo(PreparationResult.Status.READY);
        assertThat(result.solutions())
                .extracting(s -> s.name() + " " + s.verdict() + " " + s.matchesTag())
                .containsExactly(
                        "solutions/sum.py ACCEPTED true", "solutions/product.py WRONG_ANSWER true",
                        "solutions/slow.py TIME_LIMIT_EXCEEDED true", "solutions/difference.py WRONG_ANSWER false");
    }

    /**
     * The preparation's time limit and progress hold inside a solution's judging: each test is a step.
     * A solution's judging had been one step, checked only before it (a version's 2,000 tests ran on past
     * the limit, saying nothing, and the API sent the preparation again, to up to three workers).
     */
    @Test
    void theTimeLimitStopsASolutionMidwayThroughItsTestsAndProgressIsSaidOnTheWay() throws IOException {
        List<TestCase> tests = java.util.Collections.nCopies(8, new TestCase("1 2\n", "3\n"));
        ProblemPreparer hurried = newPreparer(
                sandbox,
                TestSandboxes.workerProperties(Map.of("judge.worker.setter-time-limit", "1s")),
                TestSandboxes.preparationProperties(Map.of(
                        "judge.worker.preparation.time-limit", "2s",
                        "judge.worker.preparation.progress-every", "500ms")),
                TestSandboxes.testDataStore(Map.of()));
        String slowSum = """
                import time
                started = time.process_time()
                while time.process_time() - started < 0.6:
                    pass
                a, b = map(int, input().split())
                print(a + b)
                """;
        List<PreparationResult> said = new ArrayList<>();

        PreparationResult result = hurried.prepare(
                new ProblemPreparation(
                        1,
                        1,
                        null,
                        null,
                        null,
                        tests,
                        null,
                        List.of(solution("solutions/slow.py", "main", slowSum, tests)),
                        null),
                said::add);

        assertThat(result.status()).isEqualTo(PreparationResult.Status.FAILED);
        assertThat(result.message())
                .contains("took longer than 2 s", "it was judging the solution solutions/slow.py", "at test");
        assertThat(said)
                .isNotEmpty()
                .anySatisfy(progress -> assertThat(progress.progress()).contains("at test"));
    }

    /**
     * A package without a time limit: the accepted solutions are timed under the provisional one, the
     * slowest (a C program spending 0.3 s of CPU) × 2 rounded up to the 0.5 s resolution is the limit (1 s,
     * whatever the machine's load adds to 0.3 s short of 0.5 s), and every solution is then judged under it:
     * one that spins 3 s is TIME_LIMIT_EXCEEDED, as its folder says.
     */
    @Test
    void aTimeLimitToInferIsTheSlowestAcceptedSolutionsTimesTheMultiplierAndJudgesTheRestUnderIt() throws IOException {
        List<TestCase> tests = List.of(new TestCase("1 2\n", "3\n"));
        ProblemPreparation preparation = inferring(
                tests,
                List.of(
                        solution(
                                "submissions/accepted/sum.py",
                                "accepted",
                                "a, b = map(int, input().split())\nprint(a + b)\n",
                                tests,
                                "python"),
                        spending("submissions/accepted/spending.c", "accepted", 300, tests),
                        spending("submissions/time_limit_exceeded/spin.c", "time-limit-exceeded", 3000, tests)),
                500);

        PreparationResult result = preparer.prepare(preparation);

        assertThat(result.status()).as("%s", result).isEqualTo(PreparationResult.Status.READY);
        assertThat(result.timeLimitMs()).isEqualTo(1000);
        assertThat(result.solutions())
                .extracting(s -> s.name() + " " + s.verdict() + " " + s.matchesTag())
                .containsExactly(
                        "submissions/accepted/sum.py ACCEPTED true",
                        "submissions/accepted/spending.c ACCEPTED true",
                        "submissions/time_limit_exceeded/spin.c TIME_LIMIT_EXCEEDED true");
    }

    /**
     * The format's upper bound: a time-limit-exceeded solution is out of time under the inferred limit ×
     * time_limit_to_tle too. One spending 1.2 s of CPU is out of time under the 1 s the accepted one gives
     * (0.3 s × 2, in 0.5 s resolutions) and accepted under 1.5 s: no limit holds both, and the version fails
     * saying so (it was READY, the solution's verdict matching its folder).
     */
    @Test
    void aTimeLimitExceededSolutionAcceptedUnderTheLimitTimesTimeLimitToTleFailsTheVersion() throws IOException {
        List<TestCase> tests = List.of(new TestCase("1 2\n", "3\n"));
        ProblemPreparation preparation = inferring(
                tests,
                List.of(
                        spending("submissions/accepted/spending.c", "accepted", 300, tests),
                        spending("submissions/time_limit_exceeded/slow.c", "time-limit-exceeded", 1200, tests)),
                500);

        PreparationResult result = preparer.prepare(preparation);

        assertThat(result.status()).as("%s", result).isEqualTo(PreparationResult.Status.FAILED);
        assertThat(result.message())
                .contains("submissions/time_limit_exceeded/slow.c was accepted under 1500 ms")
                .contains("1000 ms, × time_limit_to_tle 1.5");
    }

    /** A solution in C that spends this much CPU time before it writes the sum of two numbers. */
    private static ProblemPreparation.TaggedSolution spending(String name, String tag, int ms, List<TestCase> tests) {
        return solution(name, tag, SPENDING.replace("SPEND_MS", Integer.toString(ms)), tests, "c");
    }

    /** A C program that spends SPEND_MS of CPU before it writes the sum of two numbers. */
    private static final String SPENDING = """
            #include <stdio.h>
            #include <time.h>
            int main(void) {
                long a, b;
                if (scanf("%ld %ld", &a, &b) != 2) return 1;
                while (clock() < SPEND_MS * (CLOCKS_PER_SEC / 1000)) {}
                printf("%ld\\n", a + b);
            }
            """;

    /**
     * An accepted solution wrong whatever the limit times nothing: the limit is the others', and it is
     * judged under it and reported against its folder; with no other, the version fails, saying which.
     */
    @Test
    void anAcceptedSolutionThatIsWrongTimesNothingAndFailsTheVersionOnlyAlone() throws IOException {
        List<TestCase> tests = List.of(new TestCase("1 2\n", "3\n"));
        ProblemPreparation.TaggedSolution wrong =
                solution("submissions/accepted/wrong.py", "accepted", "print(4)\n", tests, "python");
        ProblemPreparation.TaggedSolution right = solution(
                "submissions/accepted/sum.py", "accepted", "print(sum(map(int, input().split())))\n", tests, "python");

        PreparationResult alone = preparer.prepare(inferring(tests, List.of(wrong)));
        PreparationResult beside = preparer.prepare(inferring(tests, List.of(wrong, right)));

        assertThat(alone.status()).isEqualTo(PreparationResult.Status.FAILED);
        assertThat(alone.message())
                .contains("No accepted solution was accepted")
                .contains("submissions/accepted/wrong.py got WRONG_ANSWER");
        assertThat(alone.timeLimitMs()).isNull();
        assertThat(beside.status()).as("%s", beside).isEqualTo(PreparationResult.Status.READY);
        assertThat(beside.timeLimitMs()).isEqualTo(1000);
        assertThat(beside.solutions())
                .extracting(verdict -> verdict.name() + " " + verdict.verdict() + " " + verdict.matchesTag())
                .containsExactly(
                        "submissions/accepted/wrong.py WRONG_ANSWER false",
                        "submissions/accepted/sum.py ACCEPTED true");
    }

    private static ProblemPreparation inferring(
            List<TestCase> tests, List<ProblemPreparation.TaggedSolution> solutions) {
        return inferring(tests, solutions, 1000);
    }

    /** A version whose time limit is to be inferred as the format's defaults do, in resolutions of this. */
    private static ProblemPreparation inferring(
            List<TestCase> tests, List<ProblemPreparation.TaggedSolution> solutions, int resolutionMs) {
        return new ProblemPreparation(
                1,
                1,
                null,
                null,
                null,
                tests,
                null,
                solutions,
                null,
                null,
                new TimeLimitInference(2, 1.5, resolutionMs),
                null);
    }

    private static final ProblemProgram VALIDATOR_OF_TWO =
            new ProblemProgram("python", "import sys\na, b = map(int, sys.stdin.read().split())\n", Map.of());

    private static ProblemPreparation.TaggedSolution solution(
            String name, String tag, String source, List<TestCase> tests) {
        return new ProblemPreparation.TaggedSolution(
                name,
                tag,
                JudgeRequest.plain(
                        UUID.randomUUID(),
                        "python",
                        source,
                        new JudgeRequest.Limits(1000, 128),
                        Checker.EXACT,
                        tests,
                        Instant.now()));
    }

    /** As the API sends a solution of a version whose time limit is to be inferred: under the most time, stretched for its language. */
    private static ProblemPreparation.TaggedSolution solution(
            String name, String tag, String source, List<TestCase> tests, String language) {
        return new ProblemPreparation.TaggedSolution(
                name,
                tag,
                JudgeRequest.plain(
                        UUID.randomUUID(),
                        language,
                        source,
                        new JudgeRequest.Limits(15_000, 128),
                        Checker.EXACT,
                        tests,
                        Instant.now()));
    }

    private static ProblemPreparation preparation(
            ProblemProgram checker, ProblemProgram validator, List<TestCase> tests) {
        return new ProblemPreparation(1, 1, checker, null, validator, tests, null, List.of(), null);
    }
}
