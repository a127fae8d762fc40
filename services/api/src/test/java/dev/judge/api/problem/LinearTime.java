package dev.judge.api.problem;

/**
 * For the tests that hold a scanner to time linear in its input: the hostile shape is timed against an
 * ordinary input of the same size, each the fastest of five runs (the first warms the JIT).
 */
public final class LinearTime {

    private LinearTime() {}

    /** The fastest of five runs of {@code scan}, in nanoseconds. */
    public static long fastestOfFive(Runnable scan) {
        long fastest = Long.MAX_VALUE;
        for (int run = 0; run < 5; run++) {
            long started = System.nanoTime();
            scan.run();
            fastest = Math.min(fastest, System.nanoTime() - started);
        }
        return fastest;
    }
}
