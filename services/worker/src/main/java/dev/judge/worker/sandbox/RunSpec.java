package dev.judge.worker.sandbox;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * One program run.
 *
 * @param workDir the submission's folder: the source, and what the compiler wrote; the run's cwd
 * @param stdin what the program reads; null for none
 * @param timeLimit the CPU-time limit (wall time where the sandbox cannot measure CPU time)
 * @param wallLimit the wall-clock limit, which also catches programs that sleep or block
 * @param memoryLimitBytes the memory limit, where the sandbox can enforce one
 * @param outputLimitBytes the most the program may print; beyond it the run is stopped
 */
public record RunSpec(
        Path workDir,
        List<String> command,
        String stdin,
        Duration timeLimit,
        Duration wallLimit,
        long memoryLimitBytes,
        long outputLimitBytes) {
}
