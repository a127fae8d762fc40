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

import dev.judge.worker.judging.WorkerProperties;
import dev.judge.worker.sandbox.RunOutcome;
import dev.judge.worker.sandbox.RunSpec;
import dev.judge.worker.sandbox.Sandbox;
import dev.judge.worker.sandbox.SandboxSession;
import dev.judge.worker.sandbox.TestSandboxes;

/**
 * What the sandbox costs per run: the same trivial program run N times bare (a plain child process of
 * this JVM) and N times through the sandbox, one at a time and two at a time. Not a test; run with
 * {@code make bench-sandbox}. Arguments: runs per mode (default 300).
 *
 * <p>Sandbox modes: "ready sandbox" runs in one open sandbox, as a submission's test cases do;
 * "sandbox per submission" takes one from the pool for every run and gives it back, as each
 * submission does, so it also pays for the reset (and, every judge.sandbox.reuse submissions, for a
 * replacement) on the same cores.
 */
public final class SandboxBenchmark {

    private record Language(String name, List<String> command) {
    }

    private record Stats(double medianMs, double p90Ms, double runsPerSecond) {
    }

    private interface Runner {
        void runOnce() throws Exception;
    }

    public static void main(String[] args) throws Exception {
        int runs = args.length > 0 ? Integer.parseInt(args[0]) : 300;
        WorkerProperties worker = TestSandboxes.workerProperties(Map.of());
        Sandbox sandbox = TestSandboxes.startPool(TestSandboxes.sandboxProperties(Map.of("judge.sandbox.pool-size", "3")), worker);
        Path bare = Files.createDirectories(worker.workDir().resolve("bare"));
        Path binary = bare.resolve("trivial");
        Files.writeString(bare.resolve("trivial.c"), "#include <stdio.h>\nint main(void) { puts(\"1\"); return 0; }\n");
        check(new ProcessBuilder("gcc", "-O2", "-o", binary.toString(), bare.resolve("trivial.c").toString()).inheritIO().start().waitFor() == 0);

        System.out.printf("Sandbox isolation: %s%n", TestSandboxes.describeIsolation(sandbox));
        System.out.printf("%d runs per mode; per-run wall time as the caller sees it%n%n", runs);
        System.out.printf("%-8s %-28s %9s %9s %9s %10s %10s%n", "language", "mode", "median ms", "p90 ms", "runs/s",
                "median ×", "added ms");
        try {
            for (Language language : List.of(new Language("c", List.of("./trivial")),
                    new Language("python", List.of("python3", "-c", "print(1)")))) {
                warmUp(language, bare, sandbox, binary);
                for (int parallel : List.of(1, 2)) {
                    Stats plain = measure(runs, parallel, () -> runBare(language, bare));
                    print(language.name(), "bare", parallel, plain, plain);
                    try (SandboxSession first = sandbox.open(); SandboxSession second = sandbox.open()) {
                        List<SandboxSession> ready = List.of(first, second);
                        for (SandboxSession session : ready) {
                            install(binary, session);
                        }
                        Stats inReady = measure(runs, parallel, () -> runIn(ready.get(slot()), language));
                        print(language.name(), "ready sandbox", parallel, inReady, plain);
                    }
                    Stats fresh = measure(runs, parallel, () -> {
                        try (SandboxSession session = sandbox.open()) {
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
    private static final java.util.concurrent.atomic.AtomicInteger NEXT_SLOT = new java.util.concurrent.atomic.AtomicInteger();

    private static int slot() {
        Integer slot = SLOT.get();
        if (slot == null) {
            slot = NEXT_SLOT.getAndIncrement() % 2;
            SLOT.set(slot);
        }
        return slot;
    }

    private static void warmUp(Language language, Path bare, Sandbox sandbox, Path binary) throws Exception {
        for (int i = 0; i < 20; i++) {
            runBare(language, bare);
        }
        try (SandboxSession session = sandbox.open()) {
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
    private static void install(Path binary, SandboxSession session) throws IOException {
        Files.createLink(session.folder().resolve("trivial"), binary);
    }

    private static void runBare(Language language, Path folder) throws Exception {
        Path out = folder.resolve("out-" + Thread.currentThread().threadId());
        List<String> command = language.command().getFirst().startsWith("./")
                ? List.of(folder.resolve(language.command().getFirst().substring(2)).toString())
                : List.of("/usr/bin/" + language.command().getFirst(), language.command().get(1), language.command().get(2));
        Process process = new ProcessBuilder(command).directory(folder.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
                .redirectOutput(out.toFile()).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        check(process.waitFor() == 0 && Files.readString(out).equals("1\n"));
    }

    private static void runIn(SandboxSession session, Language language) throws IOException {
        RunOutcome outcome = session.run(new RunSpec(language.command(), null, Duration.ofSeconds(2), Duration.ofSeconds(5),
                256L << 20, 1 << 20));
        check(outcome.exitedZero() && outcome.stdout().equals("1\n"));
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
        return new Stats(sorted.get(sorted.size() / 2) / 1e6, sorted.get((int) (sorted.size() * 0.9)) / 1e6, sorted.size() / seconds);
    }

    private static void print(String language, String mode, int parallel, Stats stats, Stats bare) {
        System.out.printf("%-8s %-28s %9.2f %9.2f %9.0f %9.2f× %+10.2f%n", language, mode + (parallel > 1 ? ", 2 at a time" : ""),
                stats.medianMs(), stats.p90Ms(), stats.runsPerSecond(), stats.medianMs() / bare.medianMs(),
                stats.medianMs() - bare.medianMs());
    }

    private static void check(boolean condition) {
        if (!condition) {
            throw new IllegalStateException("A benchmark run did not do what it should");
        }
    }
}
