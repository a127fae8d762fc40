package dev.judge.worker.sandbox;

import java.time.Duration;

/**
 * What the sandbox measured of one run. What it means (a time limit, a memory limit...) is decided by
 * the judge's verdict rules ({@code judging/RunVerdicts}); the sandbox only measures.
 *
 * @param wallLimitReached the run's own clock ran out (the real clock less its waits for a CPU) and it was killed
 * @param exitCode null when killed by a signal
 * @param signal the signal that ended the program, if any
 * @param wallTime by the real clock
 * @param cpuWait the time its tasks waited for a CPU that others held, which its own clock leaves out
 * @param cpuTime of all its processes; null when the sandbox cannot measure it
 * @param peakMemoryKb null when the sandbox cannot measure it
 * @param oomKilled the cgroup's OOM killer ended a process of the run; false without a cgroup
 * @param memoryLimitedByCgroup whether a cgroup held the run's memory limit (else RLIMIT_DATA, per process)
 * @param stdoutAtLimit stdout reached the output limit
 * @param fileAtLimit a file the program wrote reached the output limit; looked for only when it failed
 * @param diskLimitExceeded what the run kept in its writable folders went over the disk limit, seen
 *     while it ran (it was killed) or only after it exited (a fast writer between two looks)
 * @param stdout what the program printed, up to the output limit
 * @param stderr the start of what it printed to stderr (compiler messages live here)
 * @param endedAtNanos when it was seen to end, by the machine's monotonic clock (comparable between the
 *     sandboxes of one worker: which of an interaction's runs ended first; judge-init holds the run's FIFO
 *     ends until it has taken this, so no other run saw this one end before it); 0 where unknown
 */
public record RunOutcome(
        boolean wallLimitReached,
        Integer exitCode,
        Integer signal,
        Duration wallTime,
        Duration cpuWait,
        Duration cpuTime,
        Long peakMemoryKb,
        boolean oomKilled,
        boolean memoryLimitedByCgroup,
        boolean stdoutAtLimit,
        boolean fileAtLimit,
        boolean diskLimitExceeded,
        String stdout,
        String stderr,
        long endedAtNanos) {

    /**
     * Whether it ended no later than another run, by when each was seen to end where both are known; else
     * by how long each ran, which holds for runs started together only to within their starts' skew.
     */
    public boolean endedNoLaterThan(RunOutcome other) {
        return endedAtNanos != 0 && other.endedAtNanos != 0
                ? endedAtNanos <= other.endedAtNanos
                : wallTime.compareTo(other.wallTime) <= 0;
    }

    /**
     * How much later than another run this one started, by the machine's monotonic clock (never less than
     * zero); zero where either's end is unknown. Runs started together can start far apart on a busy
     * machine (each sandbox's judge-init waits for a CPU to take its request), and the later one's clock
     * starts that much later.
     */
    public Duration startedLaterThan(RunOutcome other) {
        if (endedAtNanos == 0 || other.endedAtNanos == 0) {
            return Duration.ZERO;
        }
        long later = (endedAtNanos - wallTime.toNanos()) - (other.endedAtNanos - other.wallTime.toNanos());
        return Duration.ofNanos(Math.max(0, later));
    }

    /** The same outcome with other output: what a program wrote elsewhere when its stdout was a pipe. */
    public RunOutcome withStdout(String output) {
        return new RunOutcome(
                wallLimitReached,
                exitCode,
                signal,
                wallTime,
                cpuWait,
                cpuTime,
                peakMemoryKb,
                oomKilled,
                memoryLimitedByCgroup,
                stdoutAtLimit,
                fileAtLimit,
                diskLimitExceeded,
                output,
                stderr,
                endedAtNanos);
    }

    /** Ended by itself with exit code 0, before its wall clock ran out. */
    public boolean exitedZero() {
        return !wallLimitReached && exitCode != null && exitCode == 0;
    }

    /** Ended with a non-zero exit code or by a signal. */
    public boolean failed() {
        return signal != null || exitCode == null || exitCode != 0;
    }
}
