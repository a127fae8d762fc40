package dev.judge.worker.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import dev.judge.worker.sandbox.RunOutcome;
import dev.judge.worker.sandbox.RunSpec;
import dev.judge.worker.sandbox.Sandbox;
import dev.judge.worker.sandbox.Sandboxes;
import dev.judge.worker.sandbox.TestSandboxes;

/**
 * What the sandbox costs per run: the same trivial program run N times with nothing around it and N
 * times through the sandbox, one at a time and two at a time. Not a test; run with
 * {@code make bench-sandbox}. Arguments: runs per mode (default 300), the path of tests/bench/bare.c.
 *
 * <p>The floor is {@code bare.c}: a plain fork/exec from a small C program, so no ratio flatters the
 * sandbox. "JVM child process" (a ProcessBuilder from this JVM, whose fork costs more) is shown as a
 * second reference. Ratios and added milliseconds are of the mean time per run (from throughput),
 * which is all the floor reports; medians and p90 are as the caller sees each run.
 *
 * <p>Sandbox modes: "ready sandbox" runs in one open sandbox, as a submission's test cases do;
 * "sandbox per submission" takes one from the pool for every run and gives it back, as each
 * submission does, so it also pays for the reset (and, every judge.sandbox.reuse submissions, for a
 * replacement) on the same cores.
 */
public final class SandboxBenchmark {

    private record Language(String name, List<String> command) {}

    private record Stats(double medianMs, double p90Ms, double runsPerSecond, int parallel) {

        /** The mean wall time of one run, as one of `parallel` callers sees it. */
        double meanMs() {
            return parallel * 1000 / runsPerSecond;
        }
    }

    private interface Runner {
        void runOnce() throws Exception;
    }

    public static void main(String[] args) throws Exception {
        int runs = args.length > 0 ? Integer.parseInt(args[0]) : 300;
        Path bareSource =
                Path.of(args.length > 1 ? args[1] : "../../tests/bench/bare.c").toAbsolutePath();
        Sandboxes sandbox =
                TestSandboxes.startPool(TestSandboxes.sandboxProperties(Map.of("judge.sandbox.pool-size", "3")));
        Path bare = Files.createDirectories(TestSandboxes.WORK_DIR.resolve("bare"));
        Path binary = bare.resolve("trivial");
        Files.writeString(bare.resolve("trivial.c"), "#include <stdio.h>\nint main(void) { puts(\"1\"); return 0; }\n");
        check(new ProcessBuilder(
                                "gcc",
                                "-O2",
                                "-o",
                                binary.toString(),
                                bare.resolve("trivial.c").toString())
                        .inheritIO()
                        .start()
                        .waitFor()
                == 0);
        Path floor = bare.resolve("bare");
        check(new ProcessBuilder("gcc", "-O2", "-o", floor.toString(), bareSource.toString())
                        .inheritIO()
                        .start()
                        .waitFor()
                == 0);

        System.out.printf("Sandbox isolation: %s%n", TestSandboxes.describeIsolation(sandbox));
        System.out.printf("%d runs per mode; per-run wall time as the caller sees it%n%n", runs);
        System.out.printf(
                "%-8s %-42s %9s %9s %9s %9s %10s %10s%n",
                "language", "mode", "median ms", "p90 ms", "mean ms", "runs/s", "× floor", "added ms");
        try {
            for (Language language : List.of(
                    new Language("c", List.of("./trivial")),
                    new Language("python", List.of("python3", "-c", "print(1)")))) {
                warmUp(language, bare, sandbox, binary);
                for (int parallel : List.of(1, 2)) {
                    Stats plain = forkExecFromC(floor, runs, parallel, language, bare);
                    print(language.name(), "fork/exec from C (floor)", parallel, plain, plain);
                    print(
                            language.name(),
                            "JVM child process",
                            parallel,
                            measure(runs, parallel, () -> runBare(language, bare)),
                            plain);
                    try (Sandbox first = sandbox.open(TestSandboxes.C);
                            Sandbox second = sandbox.open(TestSandboxes.C)) {
                        List<Sandbox> ready = List.of(first, second);
                        for (Sandbox session : ready) {
                            install(binary, session);
                        }
                        Stats inReady = measure(runs, parallel, () -> runIn(ready.get(slot()), language));
                        print(language.name(), "ready sandbox", parallel, inReady, plain);
                    }
                    Stats fresh = measure(runs, parallel, () -> {
                        try (Sandbox session = sandbox.open(TestSandboxes.C)) {
                            install(binary, session);
                            runIn(session, language);
                        }
                    });
                    print(language.name(), "sandbox per submission", parallel, fresh, plain);
                }
            }
        } finally {
            TestSandboxes.stop(sandbox);
        }
    }

    /** Which of the two ready sandboxes this thread uses: one each, as two worker threads would. */
    private static final ThreadLocal<Integer> SLOT = new ThreadLocal<>();

    private static final java.util.concurrent.atomic.AtomicInteger NEXT_SLOT =
            new java.util.concurrent.atomic.AtomicInteger();

    private static int slot() {
        Integer slot = SLOT.get();
        if (slot == null) {
            slot = NEXT_SLOT.getAndIncrement() % 2;
            SLOT.set(slot);
        }
        return slot;
    }

    private static void warmUp(Language language, Path bare, Sandboxes sandbox, Path binary) throws Exception {
        for (int i = 0; i < 20; i++) {
            runBare(language, bare);
        }
        try (Sandbox session = sandbox.open(TestSandboxes.C)) {
            install(binary, session);
            for (int i = 0; i < 20; i++) {
                runIn(session, language);
            }
        }
    }

    /**
     * A hard link, not a copy: a file open for writing while another thread forks can be inherited
     * by that child for an instant, and exec then fails with ETXTBSY.
     */
    private static void install(Path binary, Sandbox session) throws IOException {
        Files.createLink(session.folder().resolve("trivial"), binary);
    }

    /** The program's command outside the sandbox, by absolute path. */
    private static List<String> hostCommand(Language language, Path folder) {
        return language.command().getFirst().startsWith("./")
                ? List.of(folder.resolve(language.command().getFirst().substring(2))
                        .toString())
                : List.of(
                        "/usr/bin/" + language.command().getFirst(),
                        language.command().get(1),
                        language.command().get(2));
    }

    private static void runBare(Language language, Path folder) throws Exception {
        Path out = folder.resolve("out-" + Thread.currentThread().threadId());
        Process process = new ProcessBuilder(hostCommand(language, folder))
                .directory(folder.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
                .redirectOutput(out.toFile())
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        check(process.waitFor() == 0 && Files.readString(out).equals("1\n"));
    }

    private static void runIn(Sandbox session, Language language) throws IOException {
        RunOutcome outcome = session.run(new RunSpec(
                language.command(), null, Duration.ofSeconds(2), Duration.ofSeconds(5), 256L << 20, 1 << 20));
        check(outcome.exitedZero() && outcome.stdout().equals("1\n"));
    }

    /** The floor: bare.c runs the program `runs` times, `parallel` at a time, and reports the wall time. */
    private static Stats forkExecFromC(Path floor, int runs, int parallel, Language language, Path folder)
            throws Exception {
        List<String> command = new ArrayList<>(
                List.of(floor.toString(), Integer.toString(runs), Integer.toString(parallel), "/dev/null"));
        command.addAll(hostCommand(language, folder));
        Process process = new ProcessBuilder(command)
                .directory(folder.toFile())
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
        double seconds = Double.parseDouble(new String(process.getInputStream().readAllBytes()).strip());
        check(process.waitFor() == 0);
        return new Stats(Double.NaN, Double.NaN, runs / seconds, parallel);
    }

    private static Stats measure(int runs, int parallel, Runner runner) throws Exception {
        List<Long> nanos = Collections.synchronizedList(new ArrayList<>());
        long started = System.nanoTime();
        try (ExecutorService threads = Executors.newFixedThreadPool(parallel)) {
            List<Future<?>> done = new ArrayList<>();
            for (int thread = 0; thread < parallel; thread++) {
                done.add(threads.submit(() -> {
                    for (int i = 0; i < runs / parallel; i++) {
                        long t = System.nanoTime();
                        runner.runOnce();
                        nanos.add(System.nanoTime() - t);
                    }
                    return null;
                }));
            }
            for (Future<?> future : done) {
                future.get();
            }
        }
        double seconds = (System.nanoTime() - started) / 1e9;
        List<Long> sorted = new ArrayList<>(nanos);
        Collections.sort(sorted);
        return new Stats(
                sorted.get(sorted.size() / 2) / 1e6,
                sorted.get((int) (sorted.size() * 0.9)) / 1e6,
                sorted.size() / seconds,
                parallel);
    }

    private static void print(String language, String mode, int parallel, Stats stats, Stats floor) {
        System.out.printf(
                "%-8s %-42s %9s %9s %9.2f %9.0f %9.2f× %+10.2f%n",
                language,
                mode + (parallel > 1 ? ", 2 at a time" : ""),
                milliseconds(stats.medianMs()),
                milliseconds(stats.p90Ms()),
                stats.meanMs(),
                stats.runsPerSecond(),
                stats.meanMs() / floor.meanMs(),
                stats.meanMs() - floor.meanMs());
    }

    /** The floor reports no per-run times: a dash. */
    private static String milliseconds(double value) {
        return Double.isNaN(value) ? "-" : "%.2f".formatted(value);
    }

    private static void check(boolean condition) {
        if (!condition) {
            throw new IllegalStateException("A benchmark run did not do what it should");
        }
    }
}
