package dev.judge.worker.judging;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.json.JsonMapper;

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
 * Verdicts as data: every folder under {@code judge-cases/} holds a program and the verdict it must
 * get from the real sandbox (see its {@code case.properties}). Hostile programs must also leave the
 * machine as they found it: no process of theirs alive, no folder or cgroup left over.
 *
 * <p>Run twice: with per-sandbox cgroups where the host has them (each case once, on a quiet or a busy
 * machine: {@link #judgedBesideBusyNeighbours}), and with rlimits only, as in an unprivileged pod.
 */
abstract class JudgeCases {

    private static final Path CASES = Path.of("src/test/resources/judge-cases");

    static Sandboxes sandbox;
    /** Processes a suite itself started beside the sandboxes, which are not a program's leftovers. */
    static final Set<Long> neighbours = new HashSet<>();

    private static Judge judge;
    private static WorkerProperties properties;
    // The pool's two waiting sandboxes, and one being replaced.
    private static final int SANDBOXES_AT_MOST = 3;

    static void startSandboxes(String cgroupMode) {
        // Shorter than the worker's 15 s, to keep the compile bombs quick, yet twice the slowest correct
        // program's build under it (gdc -O2 on accepted-d: 2.3-2.7 s of CPU here, idle): with 3 s, a busy
        // machine made that build a COMPILATION_ERROR (a CI run, 29 Nov).
        properties = TestSandboxes.workerProperties(
                Map.of("judge.worker.compile-time-limit", "6s", "judge.worker.setter-time-limit", "2s"));
        sandbox = TestSandboxes.startPool(TestSandboxes.sandboxProperties(Map.of("judge.sandbox.cgroup", cgroupMode)));
        judge = JudgeIT.newJudge(sandbox, LanguageCatalog.shipped(), properties, TestSandboxes.testDataStore(Map.of()));
        System.out.println("Sandbox isolation: " + TestSandboxes.describeIsolation(sandbox));
    }

    @AfterAll
    static void stopSandboxes() {
        TestSandboxes.stop(sandbox);
    }

    /**
     * Whether a case is judged with cgroups beside busy neighbours rather than on a quiet machine: all
     * but each language's time-limit and compile-error cases ({@link JudgeCasesBesideBusyNeighboursIT}
     * says why).
     */
    static boolean judgedBesideBusyNeighbours(String name) {
        return !name.matches("(time-limit|compile-error)-.+");
    }

    /** Every case, or those whose names match {@code -Djudge.cases=<regex>} (to run a few while working on them). */
    static Stream<String> cases() throws IOException {
        String only = System.getProperty("judge.cases", ".*");
        try (Stream<Path> folders = Files.list(CASES)) {
            return folders
                    .map(folder -> folder.getFileName().toString())
                    .filter(name -> name.matches(only))
                    .sorted()
                    .toList()
                    .stream();
        }
    }

    /**
     * A case whose program leaves a FIFO where the worker reads or writes would hang an unguarded
     * worker for good: the case fails on its time instead (on its own thread, as a blocked open()
     * cannot be interrupted).
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    @Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void judges(String name) throws IOException {
        Path folder = CASES.resolve(name);
        Properties expected = new Properties();
        try (Reader reader = Files.newBufferedReader(folder.resolve("case.properties"))) {
            expected.load(reader);
        }
        Path source;
        try (Stream<Path> files = Files.list(folder)) {
            source = files.filter(file -> file.getFileName().toString().matches("(main|Main)\\..*"))
                    .findFirst()
                    .orElseThrow();
        }
        JudgeRequest.Limits limits = new JudgeRequest.Limits(
                Long.parseLong(expected.getProperty("timeLimitMs", "1000")),
                Long.parseLong(expected.getProperty("memoryLimitMb", "128")));
        // run=stdin: a plain run, whose output the result shows, rather than a sum test.
        String answer =
                "stdin".equals(expected.getProperty("run")) ? null : expected.getProperty("expectedOutput", "3") + "\n";
        JudgeRequest request = Files.exists(folder.resolve("problem.json"))
                ? ProblemFile.read(folder)
                        .request(folder, expected.getProperty("language"), Files.readString(source), limits)
                : JudgeRequest.plain(
                        UUID.randomUUID(),
                        expected.getProperty("language"),
                        Files.readString(source),
                        limits,
                        Checker.EXACT,
                        List.of(new JudgeRequest.TestCase("1 2\n", answer)),
                        Instant.now());

        JudgeResult result = judge.judge(request, Instant.now());

        assertThat(result.verdict())
                .as("verdict of %s: %s", name, result)
                .isEqualTo(Verdict.valueOf(expected.getProperty("verdict")));
        if (expected.containsKey("signal")) {
            assertThat(result.testCases().getFirst().signal())
                    .isEqualTo(Integer.valueOf(expected.getProperty("signal")));
        }
        if (expected.containsKey("exitCode")) {
            assertThat(result.testCases().getFirst().exitCode())
                    .isEqualTo(Integer.valueOf(expected.getProperty("exitCode")));
        }
        if (expected.containsKey("compilerOutputContains")) {
            assertThat(result.compilerOutput()).contains(expected.getProperty("compilerOutputContains"));
        }
        if (expected.containsKey("score")) {
            assertThat(result.score())
                    .as("score of %s: %s", name, result)
                    .isEqualTo(Double.parseDouble(expected.getProperty("score")));
        }
        if (expected.containsKey("testVerdicts")) {
            assertThat(result.testCases())
                    .as("tests of %s", name)
                    .extracting(run -> run.index() + ":" + run.verdict())
                    .containsExactly(expected.getProperty("testVerdicts").split(","));
        }
        if (expected.containsKey("groupVerdicts")) {
            assertThat(result.groups())
                    .as("groups of %s", name)
                    .extracting(group ->
                            group.name() + ":" + (group.skipped() ? "SKIPPED" : group.verdict()) + ":" + group.score())
                    .containsExactly(expected.getProperty("groupVerdicts").split(","));
        }
        if (expected.containsKey("outputContains")) {
            assertThat(result.testCases().getFirst().output())
                    .as("output of %s", name)
                    .contains(expected.getProperty("outputContains"));
        }
        if (expected.containsKey("resultNeverContains")) {
            // Nothing the program could have made the worker read of its own may reach the result.
            assertThat(JsonMapper.builder().build().writeValueAsString(result))
                    .as("result of %s", name)
                    .doesNotContain(expected.getProperty("resultNeverContains"));
        }
        if (expected.containsKey("checkerMessageContains")) {
            assertThat(result.testCases())
                    .as("checker messages of %s", name)
                    .anySatisfy(run ->
                            assertThat(run.checkerMessage()).contains(expected.getProperty("checkerMessageContains")));
        }
        if (expected.containsKey("judgeMessageContains")) {
            assertThat(result.testCases())
                    .as("judges' messages of %s", name)
                    .anySatisfy(run ->
                            assertThat(run.judgeMessage()).contains(expected.getProperty("judgeMessageContains")));
        }
        if (result.verdict() == Verdict.ACCEPTED) {
            assertThat(result.testCases().getFirst().cpuTimeMs()).isNotNull();
            assertThat(result.testCases().getFirst().memoryKb()).isPositive();
        }
        assertMachineUnharmed();
    }

    /**
     * A problem beyond one sum test, in a case's {@code problem.json}: its checker, interactor, groups,
     * tests, and the instances and passes of each test (one of each when left out). A setter's program
     * is named by its source file, relative to the case's folder.
     */
    record ProblemFile(
            CheckerFile checker,
            ProgramFile interactor,
            List<JudgeRequest.Group> groups,
            List<TestFile> tests,
            Integer instances,
            Integer passes) {

        record CheckerFile(Checker.Kind kind, Double epsilon, ProgramFile program, Checker.Tokens tokens) {}

        /** @param protocol null for testlib's; arguments: a kattis validator's after its three */
        record ProgramFile(
                String language,
                String source,
                List<String> files,
                ProblemProgram.Protocol protocol,
                List<String> arguments) {

            ProblemProgram read(Path folder) throws IOException {
                Map<String, String> contents = new TreeMap<>();
                for (String file : files == null ? List.<String>of() : files) {
                    contents.put(Path.of(file).getFileName().toString(), Files.readString(folder.resolve(file)));
                }
                return new ProblemProgram(
                        language, Files.readString(folder.resolve(source)), contents, null, protocol, arguments);
            }
        }

        record TestFile(String input, String answer, String group) {}

        static ProblemFile read(Path folder) throws IOException {
            return JsonMapper.builder()
                    .build()
                    .readValue(folder.resolve("problem.json").toFile(), ProblemFile.class);
        }

        JudgeRequest request(Path folder, String language, String sourceCode, JudgeRequest.Limits limits)
                throws IOException {
            // Without a checker, an interactor alone decides; a plain problem compares exactly.
            Checker judgedBy = checker == null
                    ? (interactor == null ? Checker.EXACT : null)
                    : new Checker(
                            checker.kind(),
                            checker.epsilon(),
                            checker.program() == null ? null : checker.program().read(folder),
                            Checker.Scores.SHARE,
                            checker.tokens());
            return new JudgeRequest(
                            UUID.randomUUID(),
                            language,
                            sourceCode,
                            limits,
                            judgedBy == null ? OutputComparison.EXACT : judgedBy.asComparison(),
                            judgedBy,
                            interactor == null ? null : interactor.read(folder),
                            groups,
                            true,
                            tests.stream()
                                    .map(test -> new JudgeRequest.TestCase(test.input(), test.answer(), test.group()))
                                    .toList(),
                            Instant.now(),
                            null,
                            1)
                    .withRuns(new JudgeRequest.Runs(instances == null ? 1 : instances, passes == null ? 1 : passes));
        }
    }

    /**
     * Only the pool's waiting sandboxes remain: no process, folder or cgroup of a program, whether the
     * sandboxes run as uids of their own (the tests as root) or as the tests' own.
     */
    private static void assertMachineUnharmed() throws IOException {
        // A program's processes stay in this JVM's process tree (judge-init is the init of their PID
        // namespace and adopts orphans); with uids of their own, they are found by uid as well.
        List<String> strays = Stream.concat(
                        ProcessHandle.current().descendants(),
                        ProcessHandle.allProcesses()
                                .filter(process -> process.info()
                                        .user()
                                        .map(JudgeCases::isSandboxUser)
                                        .orElse(false)))
                .distinct()
                .filter(process -> !neighbours.contains(process.pid()))
                .filter(process -> !process.info()
                        .command()
                        .map(command -> command.endsWith("judge-init") || command.endsWith("bwrap"))
                        .orElse(false))
                .map(process ->
                        process.pid() + " " + process.info().commandLine().orElse("?"))
                .toList();
        assertThat(strays).as("processes left behind").isEmpty();
        try (Stream<Path> boxes = Files.list(TestSandboxes.WORK_DIR.resolve("boxes"))) {
            assertThat(boxes.count()).as("sandbox folders").isLessThanOrEqualTo(SANDBOXES_AT_MOST);
        }
        assertThat(TestSandboxes.sandboxCgroups(sandbox))
                .as("sandbox cgroups")
                .hasSizeLessThanOrEqualTo(SANDBOXES_AT_MOST);
    }

    private static boolean isSandboxUser(String user) {
        return user.chars().allMatch(Character::isDigit)
                && Integer.parseInt(user) >= 60000
                && Integer.parseInt(user) < 61000;
    }
}
