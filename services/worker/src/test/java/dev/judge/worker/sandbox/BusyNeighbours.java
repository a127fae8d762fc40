package dev.judge.worker.sandbox;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * CPU-bound processes beside the sandboxes, each started as a background build is: a session of its own
 * at nice 19 ({@code setsid nice -n 19}). Optionally pinned to one CPU, with the program they compete
 * with ({@code taskset -c <cpu>}), so that its share of that CPU is known. Stopped by {@link #close()}.
 *
 * <p>{@link #beside(int)} takes real builds first: where make test runs the suite, the Go builds it has in
 * the background ({@code JUDGE_TEST_BACKGROUND_BUILDS}, their sessions; hack/test.sh) are made such
 * neighbours while they compile, and spinning processes make up the rest of the count, more as builds
 * end. Cold, that gives the builds the CPU the spinners would burn.
 */
public final class BusyNeighbours implements AutoCloseable {

    private static final Path BUILD_PRIORITY = Path.of("../../hack/build-priority.sh");
    private static final Duration TOP_UP_EVERY = Duration.ofSeconds(2);

    private final List<Process> processes = new ArrayList<>();
    private final Set<Long> pids = ConcurrentHashMap.newKeySet();
    private final int cpu;
    private final List<String> builds;
    private ScheduledExecutorService topUp;

    private BusyNeighbours(int cpu, List<String> builds) {
        this.cpu = cpu;
        this.builds = builds;
    }

    /** @param cpu the CPU to pin them to, or -1 for none */
    public static BusyNeighbours start(int count, int cpu) throws IOException {
        BusyNeighbours busy = new BusyNeighbours(cpu, List.of());
        busy.spin(count);
        return busy;
    }

    /**
     * {@code count} CPU-bound sessions, unpinned, for as long as this is open: the background builds
     * still compiling, each as a build someone started in another terminal, and spinners for the rest.
     */
    public static BusyNeighbours beside(int count) throws IOException {
        String sessions = System.getenv("JUDGE_TEST_BACKGROUND_BUILDS");
        List<String> builds = sessions == null || sessions.isBlank() || !Files.isExecutable(BUILD_PRIORITY)
                ? List.of()
                : Arrays.asList(sessions.trim().split("\\s+"));
        BusyNeighbours busy = new BusyNeighbours(-1, builds);
        if (builds.isEmpty()) {
            busy.spin(count);
            return busy;
        }
        busy.buildPriority("neighbour");
        busy.topUp(count);
        busy.topUp = Executors.newSingleThreadScheduledExecutor(
                Thread.ofPlatform().daemon().factory());
        busy.topUp.scheduleWithFixedDelay(
                () -> busy.topUp(count), TOP_UP_EVERY.toMillis(), TOP_UP_EVERY.toMillis(), TimeUnit.MILLISECONDS);
        return busy;
    }

    /** The spinners' process ids, as they are started: not a program's leftovers. */
    public Set<Long> pids() {
        return pids;
    }

    @Override
    public void close() {
        if (topUp != null) {
            topUp.shutdownNow();
            try {
                topUp.awaitTermination(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        synchronized (this) {
            processes.forEach(Process::destroyForcibly);
        }
        if (!builds.isEmpty()) {
            buildPriority("below");
        }
    }

    /** As many spinners as the builds compiling now leave short of {@code count}; never fewer than before. */
    private synchronized void topUp(int count) {
        int compiling;
        try {
            compiling = Integer.parseInt(buildPriority("building").strip());
        } catch (RuntimeException e) {
            compiling = 0; // builds that cannot be read are not counted on
        }
        try {
            int before = processes.size();
            spin(count - compiling - before);
            if (processes.size() > before) {
                System.out.printf(
                        "Busy neighbours: %d of the run's background builds compiling, %d spinners%n",
                        compiling, processes.size());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private synchronized void spin(int more) throws IOException {
        for (int i = 0; i < more; i++) {
            List<String> command = new ArrayList<>();
            if (cpu >= 0) {
                command.addAll(List.of("taskset", "-c", Integer.toString(cpu)));
            }
            command.addAll(List.of("setsid", "nice", "-n", "19", "sh", "-c", "while :; do :; done"));
            Process process = new ProcessBuilder(command)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .redirectError(ProcessBuilder.Redirect.DISCARD)
                    .start();
            processes.add(process);
            pids.add(process.pid());
        }
    }

    /** hack/build-priority.sh's action on the builds' sessions; what it printed. */
    private String buildPriority(String action) {
        List<String> command = new ArrayList<>(List.of(BUILD_PRIORITY.toString(), action));
        command.addAll(builds);
        try {
            Process process = new ProcessBuilder(command)
                    .redirectError(ProcessBuilder.Redirect.DISCARD)
                    .start();
            String printed = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!process.waitFor(30, TimeUnit.SECONDS) || process.exitValue() != 0) {
                throw new IllegalStateException(BUILD_PRIORITY + " " + action + " failed");
            }
            return printed;
        } catch (IOException e) {
            throw new IllegalStateException(BUILD_PRIORITY + " " + action + " failed", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(BUILD_PRIORITY + " " + action + " interrupted", e);
        }
    }
}
