package dev.judge.worker.preparation;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import dev.judge.contracts.Checker;
import dev.judge.contracts.JudgeRequest;
import dev.judge.contracts.JudgeRequest.TestCase;
import dev.judge.contracts.PreparationResult;
import dev.judge.contracts.ProblemPreparation;
import dev.judge.contracts.ProblemProgram;
import dev.judge.contracts.TestData;
import dev.judge.contracts.TestGeneration;
import dev.judge.worker.judging.WorkerProperties;
import dev.judge.worker.problemtests.TestDataServer;
import dev.judge.worker.problemtests.TestDataStore;
import dev.judge.worker.sandbox.Sandboxes;
import dev.judge.worker.sandbox.TestSandboxes;

/**
 * Tests given by generators and a main solution, made in the real sandbox as a worker does when it
 * prepares a Polygon package's version, stored with a stand-in of the API's endpoint, then validated
 * and judged against.
 */
class GeneratingTestsIT {

    /** Polygon's way: the arguments after the generator's name, the test on stdout. */
    private static final ProblemProgram GENERATOR = new ProblemProgram("python", """
            import sys
            print(" ".join(sys.argv[1:]))
            """, Map.of());

    private static final ProblemProgram SUM = new ProblemProgram("python", """
            a, b = map(int, input().split())
            print(a + b)
            """, Map.of());
    private static final ProblemProgram VALIDATOR_OF_TWO =
            new ProblemProgram("python", "import sys\na, b = map(int, sys.stdin.read().split())\n", Map.of());

    private static Sandboxes sandbox;
    private static TestDataServer api;
    private static WorkerProperties properties;
    private static TestDataStore testData;
    private static ProblemPreparer preparer;

    @BeforeAll
    static void start() throws IOException {
        api = new TestDataServer();
        sandbox = TestSandboxes.startPool(TestSandboxes.sandboxProperties(Map.of()));
        properties = TestSandboxes.workerProperties(
                Map.of("judge.worker.setter-time-limit", "1s", "judge.worker.output-limit", "1MB"));
        testData = TestSandboxes.testDataStore(Map.of(
                "judge.worker.internal-api.url", api.url(), "judge.worker.internal-api.token", TestDataServer.TOKEN));
        preparer = ProblemPreparerIT.newPreparer(sandbox, properties, testData);
    }

    @AfterAll
    static void stop() {
        TestSandboxes.stop(sandbox);
        api.close();
    }

    @Test
    void generatesInputsAndMakesAnswersThenValidatesAndJudgesAgainstThem() throws IOException {
        // Test 1 is the setter's own with its answer; test 2 its own input, its answer to make; 3 and 4 generated.
        TestData stored = api.serve(
                11,
                1,
                List.of(
                        new TestCase("1 2\n", "3\n"),
                        new TestCase("20 22\n", ""),
                        new TestCase("", ""),
                        new TestCase("", "")));
        ProblemPreparation preparation = new ProblemPreparation(
                11,
                1,
                null,
                null,
                VALIDATOR_OF_TWO,
                null,
                stored,
                List.of(
                        solution("solutions/sum.py", "main", SUM, stored),
                        solution(
                                "solutions/diff.py",
                                "wrong-answer",
                                new ProblemProgram(
                                        "python", "a, b = map(int, input().split())\nprint(a - b)\n", Map.of()),
                                stored)),
                new TestGeneration(
                        Map.of("gen", GENERATOR),
                        List.of(
                                new TestGeneration.Recipe(3, "gen", List.of("5", "6")),
                                new TestGeneration.Recipe(4, "gen", List.of("7", "8"))),
                        SUM,
                        List.of(2, 3, 4)));

        PreparationResult result = preparer.prepare(preparation);

        assertThat(result.status()).isEqualTo(PreparationResult.Status.READY);
        assertThat(api.served(stored))
                .containsExactly(
                        new TestCase("1 2\n", "3\n"),
                        new TestCase("20 22\n", "42\n"),
                        new TestCase("5 6\n", "11\n"),
                        new TestCase("7 8\n", "15\n"));
        assertThat(result.solutions())
                .extracting(s -> s.name() + " " + s.verdict() + " " + s.matchesTag())
                .containsExactly("solutions/sum.py ACCEPTED true", "solutions/diff.py WRONG_ANSWER true");
    }

    /** A hostile setter's arguments reach the generator as they are: no shell runs them. */
    @Test
    void aGeneratorsArgumentsAreNeverRunThroughAShell() throws IOException {
        TestData stored = api.serve(12, 1, List.of(new TestCase("", "x\n")));
        ProblemPreparation preparation = generating(
                12,
                stored,
                new TestGeneration(
                        Map.of("gen", GENERATOR),
                        List.of(new TestGeneration.Recipe(
                                1, "gen", List.of("$(id)", "`id`", ";", "id", "&&", ">", "/tmp/x"))),
                        null,
                        List.of()));

        assertThat(preparer.prepare(preparation).status()).isEqualTo(PreparationResult.Status.READY);
        assertThat(api.served(stored)).containsExactly(new TestCase("$(id) `id` ; id && > /tmp/x\n", "x\n"));
    }

    @Test
    void aGeneratedTestTheValidatorRejectsFailsTheVersionAtThatTest() throws IOException {
        TestData stored = api.serve(13, 1, List.of(new TestCase("1 2\n", "3\n"), new TestCase("", "")));
        ProblemPreparation preparation = new ProblemPreparation(
                13,
                1,
                null,
                null,
                VALIDATOR_OF_TWO,
                null,
                stored,
                List.of(),
                new TestGeneration(
                        Map.of("gen", GENERATOR),
                        List.of(new TestGeneration.Recipe(2, "gen", List.of("1", "2", "3"))),
                        null,
                        List.of()));

        PreparationResult result = preparer.prepare(preparation);

        assertThat(result.status()).isEqualTo(PreparationResult.Status.FAILED);
        assertThat(result.file()).isEqualTo("test 2");
        assertThat(api.served(stored).get(1).input()).isEqualTo("1 2 3\n");
    }

    @Test
    void aGeneratorOrMainSolutionThatFailsOrNeverEndsFailsTheVersionNamingTheTestAndTheProgram() throws IOException {
        ProblemProgram endless = new ProblemProgram("python", "while True:\n    pass\n", Map.of());
        ProblemProgram crashing =
                new ProblemProgram("python", "import sys\nsys.stderr.write('no such mode')\nsys.exit(3)\n", Map.of());
        ProblemProgram flooding =
                new ProblemProgram("python", "import sys\nwhile True:\n    sys.stdout.write('1' * 65536)\n", Map.of());

        assertThat(generate(20, endless, SUM))
                .extracting(PreparationResult::file, r -> r.message().contains("generator gen ran out of time"))
                .containsExactly("test 1", true);
        assertThat(generate(21, crashing, SUM).message()).contains("no such mode", "generator gen exited with code 3");
        assertThat(generate(22, flooding, SUM).message()).contains("generator gen printed more than");
        assertThat(generate(23, GENERATOR, crashing))
                .extracting(PreparationResult::file, r -> r.message().contains("main solution exited"))
                .containsExactly("test 1", true);
        assertThat(generate(24, new ProblemProgram("cpp", "int main( {", Map.of()), SUM)
                        .file())
                .isEqualTo("generator gen");
    }

    /**
     * What a package generates is bounded below the worker's volume: past
     * {@code judge.worker.preparation.max-generated-size} (as kept: one JSON line each) the version fails at
     * the test that passed it, before the disk fills.
     */
    @Test
    void generatedTestsPastTheirCapFailTheVersionAtTheTestThatPassedIt() throws IOException {
        ProblemProgram large = new ProblemProgram("python", "print('1 ' * 300)\n", Map.of());
        TestData stored =
                api.serve(30, 1, List.of(new TestCase("", "x\n"), new TestCase("", "x\n"), new TestCase("", "x\n")));
        ProblemPreparer capped = ProblemPreparerIT.newPreparer(
                sandbox,
                properties,
                TestSandboxes.preparationProperties(Map.of("judge.worker.preparation.max-generated-size", "1KB")),
                testData);

        PreparationResult result = capped.prepare(generating(
                30,
                stored,
                new TestGeneration(
                        Map.of("gen", large),
                        List.of(
                                new TestGeneration.Recipe(1, "gen", List.of()),
                                new TestGeneration.Recipe(2, "gen", List.of()),
                                new TestGeneration.Recipe(3, "gen", List.of())),
                        null,
                        List.of())));

        assertThat(result.status()).isEqualTo(PreparationResult.Status.FAILED);
        assertThat(result.file()).isEqualTo("test 2");
        assertThat(result.message()).contains("come to more than", "max-generated-size");
    }

    /**
     * The API refuses generated tests that would put the problem's owner over its test data quota (413):
     * the version fails saying so, once. The refusal had been a failure to reach the API, tried again
     * until the queue dead-lettered the preparation.
     */
    @Test
    void generatedTestsTheApiRefusesForTheOwnersQuotaFailTheVersion() throws IOException {
        ProblemProgram gen = new ProblemProgram("python", "print('1 2')\n", Map.of());
        TestData stored = api.serve(32, 1, List.of(new TestCase("", "3\n")));
        api.refuseGeneratedOverQuota(32, 1);

        PreparationResult result = preparer.prepare(generating(
                32,
                stored,
                new TestGeneration(
                        Map.of("gen", gen), List.of(new TestGeneration.Recipe(1, "gen", List.of())), null, List.of())));

        assertThat(result.status()).isEqualTo(PreparationResult.Status.FAILED);
        assertThat(result.file()).isEqualTo("the generated tests");
        assertThat(result.message()).contains("over the test data it may store", "max-stored-per-key");
    }

    /**
     * A preparation is held to its time limit, checked at every step, and fails saying where it was; on the
     * way it says how far it got, as often as it is told to.
     */
    @Test
    void aPreparationPastItsTimeLimitFailsSayingWhereItWasAndSaysHowFarItGotOnTheWay() throws IOException {
        ProblemProgram slow = new ProblemProgram("python", "import time\ntime.sleep(0.4)\nprint('1 2')\n", Map.of());
        List<TestCase> placeholders = new ArrayList<>();
        List<TestGeneration.Recipe> recipes = new ArrayList<>();
        for (int test = 1; test <= 10; test++) {
            placeholders.add(new TestCase("", "3\n"));
            recipes.add(new TestGeneration.Recipe(test, "gen", List.of()));
        }
        TestData stored = api.serve(31, 1, placeholders);
        ProblemPreparer hurried = ProblemPreparerIT.newPreparer(
                sandbox,
                properties,
                TestSandboxes.preparationProperties(Map.of(
                        "judge.worker.preparation.time-limit", "2s",
                        "judge.worker.preparation.progress-every", "500ms")),
                testData);
        List<PreparationResult> said = new ArrayList<>();

        PreparationResult result = hurried.prepare(
                generating(31, stored, new TestGeneration(Map.of("gen", slow), recipes, null, List.of())), said::add);

        assertThat(result.status()).isEqualTo(PreparationResult.Status.FAILED);
        assertThat(result.message()).contains("took longer than 2 s", "it was making test");
        assertThat(said).isNotEmpty().allSatisfy(progress -> {
            assertThat(progress.status()).isEqualTo(PreparationResult.Status.PREPARING);
            assertThat(progress.progress()).startsWith("making test");
        });
    }

    private static PreparationResult generate(long problem, ProblemProgram generator, ProblemProgram answerer)
            throws IOException {
        TestData stored = api.serve(problem, 1, List.of(new TestCase("", "")));
        return preparer.prepare(generating(
                problem,
                stored,
                new TestGeneration(
                        Map.of("gen", generator),
                        List.of(new TestGeneration.Recipe(1, "gen", List.of("3", "4"))),
                        answerer,
                        List.of(1))));
    }

    /** A preparation of a version whose tests, by reference, are to be generated, with nothing else to do. */
    private static ProblemPreparation generating(long problem, TestData stored, TestGeneration generation) {
        return new ProblemPreparation(problem, 1, null, null, null, null, stored, List.of(), generation);
    }

    private static ProblemPreparation.TaggedSolution solution(
            String name, String tag, ProblemProgram program, TestData tests) {
        return new ProblemPreparation.TaggedSolution(
                name,
                tag,
                new JudgeRequest(
                        UUID.randomUUID(),
                        program.language(),
                        program.sourceCode(),
                        new JudgeRequest.Limits(1000, 128),
                        Checker.EXACT.asComparison(),
                        Checker.EXACT,
                        null,
                        List.of(),
                        true,
                        null,
                        Instant.now(),
                        tests,
                        1));
    }
}
