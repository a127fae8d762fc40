package dev.judge.worker.sandbox;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Runs the program as a plain child process: <strong>no isolation</strong>. It enforces the wall-clock
 * limit (counted as the time limit, since it cannot measure CPU time) and the output limit, gives the
 * program an empty environment, and kills the whole process tree when a limit is hit. It does not
 * limit memory, processes or file access.
 *
 * <p>A stand-in for development until the bubblewrap sandbox replaces it; the judge's logic does not
 * depend on which {@link Sandbox} runs the program.
 */
public class PlainProcessSandbox implements Sandbox {

    private static final int STDERR_LIMIT_BYTES = 64 * 1024;
    private static final String PATH = "/usr/local/bin:/usr/bin:/bin";

    @Override
    public RunOutcome run(RunSpec spec) throws IOException {
        ProcessBuilder builder = new ProcessBuilder(resolve(spec.command())).directory(spec.workDir().toFile());
        Map<String, String> environment = builder.environment();
        environment.clear();
        environment.put("PATH", PATH);
        environment.put("HOME", spec.workDir().toString());
        environment.put("LANG", "C.UTF-8");
        if (spec.stdin() == null) {
            builder.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        }

        long started = System.nanoTime();
        Process process = builder.start();
        if (spec.stdin() != null) {
            Thread.ofVirtual().start(() -> feed(process.getOutputStream(), spec.stdin()));
        }
        AtomicBoolean outputExceeded = new AtomicBoolean();
        Capture stdout = Capture.start(process.getInputStream(), spec.outputLimitBytes(), () -> {
            outputExceeded.set(true);
            killTree(process);
        });
        Capture stderr = Capture.start(process.getErrorStream(), STDERR_LIMIT_BYTES, () -> { });

        boolean exited;
        try {
            exited = process.waitFor(spec.wallLimit().toNanos(), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            killTree(process);
            Thread.currentThread().interrupt();
            throw new IOException("Interrupted while running " + spec.command(), e);
        }
        Duration wallTime = Duration.ofNanos(System.nanoTime() - started);
        if (!exited) {
            killTree(process);
        }
        String out = stdout.await();
        String err = stderr.await();

        if (outputExceeded.get()) {
            return new RunOutcome(RunOutcome.Termination.OUTPUT_LIMIT, null, null, wallTime, null, null, out, err);
        }
        if (!exited || wallTime.compareTo(spec.timeLimit()) > 0) {
            return new RunOutcome(RunOutcome.Termination.TIME_LIMIT, null, null, wallTime, null, null, out, err);
        }
        // Java reports a child killed by signal N as exit value 128 + N.
        int status = process.exitValue();
        boolean signalled = status > 128 && status < 128 + 65;
        return new RunOutcome(RunOutcome.Termination.EXITED, signalled ? null : status, signalled ? status - 128 : null,
                wallTime, null, null, out, err);
    }

    /**
     * The JDK looks a bare command name up on the worker's own PATH, not the child's; resolve it on
     * the child's, so that the toolchain that runs is the one the catalog means, not whatever shim
     * the worker's environment puts first.
     */
    private static List<String> resolve(List<String> command) {
        String program = command.getFirst();
        if (program.contains("/")) {
            return command;
        }
        for (String directory : PATH.split(":")) {
            Path candidate = Path.of(directory, program);
            if (Files.isExecutable(candidate)) {
                List<String> resolved = new ArrayList<>(command);
                resolved.set(0, candidate.toString());
                return resolved;
            }
        }
        return command;
    }

    private static void feed(OutputStream stdin, String input) {
        try (stdin) {
            stdin.write(input.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            // The program exited or closed its input without reading everything: not an error.
        }
    }

    private static void killTree(Process process) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
    }

    /** Reads a stream to the end, keeping at most {@code limit} bytes and calling {@code onOverflow} once past it. */
    private static final class Capture {

        private final ByteArrayOutputStream kept = new ByteArrayOutputStream();
        private final Thread reader;

        private Capture(InputStream stream, long limit, Runnable onOverflow) {
            this.reader = Thread.ofVirtual().start(() -> {
                byte[] buffer = new byte[8192];
                long total = 0;
                boolean overflowed = false;
                try (stream) {
                    int read;
                    while ((read = stream.read(buffer)) >= 0) {
                        total += read;
                        if (total > limit) {
                            if (!overflowed) {
                                kept.write(buffer, 0, (int) Math.max(0, read - (total - limit)));
                                overflowed = true;
                                onOverflow.run();
                            }
                            continue;
                        }
                        kept.write(buffer, 0, read);
                    }
                } catch (IOException e) {
                    // The process was killed; what was read so far is what it printed.
                }
            });
        }

        static Capture start(InputStream stream, long limit, Runnable onOverflow) {
            return new Capture(stream, limit, onOverflow);
        }

        String await() {
            try {
                reader.join(Duration.ofSeconds(5));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return kept.toString(StandardCharsets.UTF_8);
        }
    }
}
