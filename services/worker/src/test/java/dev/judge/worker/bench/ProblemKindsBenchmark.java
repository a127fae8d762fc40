package dev.judge.worker.bench;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.IntStream;

import dev.judge.contracts.Checker;
import dev.judge.contracts.JudgeRequest;
import dev.judge.contracts.JudgeResult;
import dev.judge.contracts.OutputComparison;
import dev.judge.contracts.ProblemProgram;
import dev.judge.contracts.Verdict;
import dev.judge.worker.judging.JudgeForBenchmarks;
import dev.judge.worker.sandbox.Sandboxes;
import dev.judge.worker.sandbox.TestSandboxes;

/**
 * What a custom checker and an interaction cost per test, against the same problem judged by the
 * built-in exact checker: N submissions of a + b with T tests each, one at a time, per kind of
 * problem and contestant language. Not a test; run with {@code make bench-problems}. Arguments:
 * submissions per mode (default 30), tests per submission (default 10).
 *
 * <p>Each submission is timed whole (compile, runs, checks) and divided by its tests; the setter's
 * program is built by the warm-up, as a worker builds it once per content. "Added" is the median
 * per-test time minus the plain problem's, measured in the same run.
 */
public final class ProblemKindsBenchmark {

    private static final String CHECKER = """
            #include <stdio.h>
            /* testlib's protocol without testlib: the output's number must be the answer's. */
            int main(int argc, char **argv) {
                FILE *output = fopen(argv[2], "r"), *answer = fopen(argv[3], "r");
                long got, want;
                if (!answer || fscanf(answer, "%ld", &want) != 1) return 3;
                if (!output || fscanf(output, "%ld", &got) != 1) { fprintf(stderr, "no number\\n"); return 2; }
                if (got != want) { fprintf(stderr, "%ld, not %ld\\n", got, want); return 1; }
                return 0;
            }
            """;
    private static final String INTERACTOR = """
            #include <stdio.h>
            /* Tells the program the test's two numbers and checks the sum it answers. */
            int main(int argc, char **argv) {
                FILE *input = fopen(argv[1], "r");
                long a, b, sum;
                if (!input || fscanf(input, "%ld %ld", &a, &b) != 2) return 3;
                printf("%ld %ld\\n", a, b);
                fflush(stdout);
                if (scanf("%ld", &sum) != 1) { fprintf(stderr, "no answer\\n"); return 2; }
                return sum == a + b ? 0 : 1;
            }
            """;
    private static final Map<String, String> SUM = Map.of(
            "python", "a, b = map(int, input().split())\nprint(a + b)\n",
            "c",
                    "#include <stdio.h>\nint main(void){long a,b;scanf(\"%ld %ld\",&a,&b);printf(\"%ld\\n\",a+b);return 0;}\n");

    private record Mode(String name, Checker checker, ProblemProgram interactor) {}

    public static void main(String[] args) throws Exception {
        int submissions = args.length > 0 ? Integer.parseInt(args[0]) : 30;
        int tests = args.length > 1 ? Integer.parseInt(args[1]) : 10;
        Sandboxes sandboxes =
                TestSandboxes.startPool(TestSandboxes.sandboxProperties(Map.of("judge.sandbox.pool-size", "3")));
        JudgeForBenchmarks judge = new JudgeForBenchmarks(sandboxes);
        List<JudgeRequest.TestCase> testCases = IntStream.range(0, tests)
                .mapToObj(i -> new JudgeRequest.TestCase(i + " " + (i * 7) + "\n", (i + i * 7) + "\n"))
                .toList();
        List<Mode> modes = List.of(
                new Mode("plain (exact)", Checker.EXACT, null),
                new Mode(
                        "custom checker (C)",
                        new Checker(Checker.Kind.CUSTOM, null, new ProblemProgram("c", CHECKER, Map.of())),
                        null),
                new Mode("interactive (C interactor)", null, new ProblemProgram("c", INTERACTOR, Map.of())));
        System.out.printf("Sandbox isolation: %s%n", TestSandboxes.describeIsolation(sandboxes));
        System.out.printf(
                "%d submissions per mode, %d tests each, one at a time; per-test wall time of the whole judgement%n%n",
                submissions, tests);
        System.out.printf(
                "%-8s %-28s %14s %12s %12s %14s%n",
                "language", "problem", "median ms/test", "p90 ms/test", "× plain", "added ms/test");
        try {
            for (String language : List.of("c", "python")) {
                double plainMedian = 0;
                for (Mode mode : modes) {
                    JudgeRequest request = request(language, mode, testCases);
                    judge.judge(request); // warm-up: builds the setter's program, as the first submission does
                    List<Double> perTest = new ArrayList<>();
                    for (int i = 0; i < submissions; i++) {
                        long started = System.nanoTime();
                        JudgeResult result = judge.judge(request(language, mode, testCases));
                        perTest.add((System.nanoTime() - started) / 1e6 / tests);
                        if (result.verdict() != Verdict.ACCEPTED) {
                            throw new IllegalStateException(
                                    mode.name() + " in " + language + " was not accepted: " + result);
                        }
                    }
                    Collections.sort(perTest);
                    double median = perTest.get(perTest.size() / 2);
                    double p90 = perTest.get((int) (perTest.size() * 0.9));
                    if (mode == modes.getFirst()) {
                        plainMedian = median;
                    }
                    System.out.printf(
                            "%-8s %-28s %14.1f %12.1f %12.2f %14.1f%n",
                            language, mode.name(), median, p90, median / plainMedian, median - plainMedian);
                }
            }
        } finally {
            TestSandboxes.stop(sandboxes);
        }
    }

    private static JudgeRequest request(String language, Mode mode, List<JudgeRequest.TestCase> testCases) {
        Checker checker = mode.checker(); // null: the interactor alone decides
        return new JudgeRequest(
                UUID.randomUUID(),
                language,
                SUM.get(language),
                new JudgeRequest.Limits(2000, 256),
                checker == null ? OutputComparison.EXACT : checker.asComparison(),
                checker,
                mode.interactor(),
                List.of(),
                true,
                testCases,
                Instant.now(),
                null,
                1);
    }
}
