package dev.judge.worker.sandbox;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * One program run inside a sandbox session.
 *
 * @param command run in the session's folder, looked up on the sandbox's PATH
 * @param stdin what the program reads; null for nothing
 * @param timeLimit the CPU-time limit
 * @param wallLimit the limit of the run's own clock (the real one less the time it waited for a CPU),
 *        which catches programs that sleep or block
 * @param memoryLimitBytes across all of the run's processes where a cgroup enforces it, per process otherwise
 * @param outputLimitBytes the most the program may print, and the largest file it may write
 * @param stdinFile a file the program reads instead of {@code stdin}: linked into the sandbox read-only,
 *        not copied, so that a large test costs no more than a small one; null for {@code stdin}
 */
public record RunSpec(
        List<String> command,
        String stdin,
        Duration timeLimit,
        Duration wallLimit,
        long memoryLimitBytes,
        long outputLimitBytes,
        Path stdinFile) {

    public RunSpec(
            List<String> command,
            String stdin,
            Duration timeLimit,
            Duration wallLimit,
            long memoryLimitBytes,
            long outputLimitBytes) {
        this(command, stdin, timeLimit, wallLimit, memoryLimitBytes, outputLimitBytes, null);
    }
}
