package dev.judge.contracts;

/**
 * A time limit to infer from a problem's example submissions, as the problem package format does when a
 * package gives none: the smallest whole multiple of {@code resolutionMs} that is at least the slowest
 * accepted submission's time × {@code acToTimeLimit} (each submission's time taken back through its
 * language's factor and offset, so that the limit is the problem's, as any other). A time-limit-exceeded
 * submission must then take more than the limit × {@code timeLimitToTle}: one accepted under that leaves
 * no limit both bounds hold (a larger one is further from it), and fails the version, as the format says.
 *
 * @param acToTimeLimit the format's {@code ac_to_time_limit} (legacy: {@code time_multiplier})
 * @param timeLimitToTle the format's {@code time_limit_to_tle} (legacy: {@code time_safety_margin})
 * @param resolutionMs the format's {@code time_resolution}
 */
public record TimeLimitInference(double acToTimeLimit, double timeLimitToTle, int resolutionMs) {

    public TimeLimitInference {
        if (!(acToTimeLimit >= 1) || !(timeLimitToTle >= 1) || resolutionMs < 1) {
            throw new IllegalArgumentException("Multipliers of 1 or more and a resolution of 1 ms or more");
        }
    }

    /** The limit for submissions that need at most {@code neededMs} of the problem's limit each. */
    public long limitFor(double neededMs) {
        long multiples = (long) Math.ceil(neededMs * acToTimeLimit / resolutionMs);
        return Math.max(1, multiples) * resolutionMs;
    }
}
