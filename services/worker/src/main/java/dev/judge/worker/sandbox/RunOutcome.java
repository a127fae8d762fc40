package dev.judge.worker.sandbox;

import java.time.Duration;

/**
 * What happened to one run. The judge turns this into a verdict; the sandbox only measures.
 *
 * @param exitCode null when killed by a signal
 * @param signal the signal that ended the program, if any
 * @param cpuTime null when the sandbox cannot measure it
 * @param peakMemoryKb null when the sandbox cannot measure it
 * @param stdout what the program printed, up to the output limit
 * @param stderr the start of what it printed to stderr (compiler messages live here)
 */
public record RunOutcome(
        Termination termination,
        Integer exitCode,
        Integer signal,
        Duration wallTime,
        Duration cpuTime,
        Long peakMemoryKb,
        String stdout,
        String stderr) {

    public enum Termination {
        /** Ended by itself: look at the exit code and signal. */
        EXITED,
        TIME_LIMIT,
        MEMORY_LIMIT,
        OUTPUT_LIMIT
    }

    public boolean succeeded() {
        return termination == Termination.EXITED && exitCode != null && exitCode == 0;
    }
}
