package dev.judge.worker.sandbox;

import java.time.Duration;
import java.util.List;

/**
 * One program run inside a sandbox session.
 *
 * @param command run in the session's folder, looked up on the sandbox's PATH
 * @param stdin what the program reads; null for nothing
 * @param timeLimit the CPU-time limit
 * @param wallLimit the wall-clock limit, which also catches programs that sleep or block
 * @param memoryLimitBytes across all of the run's processes where a cgroup enforces it, per process otherwise
 * @param outputLimitBytes the most the program may print, and the largest file it may write
 */
public record RunSpec(
        List<String> command,
        String stdin,
        Duration timeLimit,
        Duration wallLimit,
        long memoryLimitBytes,
        long outputLimitBytes) {
}
