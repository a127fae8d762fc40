package dev.judge.worker.preparation;

import java.time.Duration;
import java.util.function.Consumer;

import dev.judge.contracts.PreparationResult;
import dev.judge.contracts.ProblemPreparation;
import dev.judge.worker.judging.JudgingStopped;

/**
 * How far one preparation got: said now and then ({@code judge.worker.preparation.progress-every}) as a
 * PREPARING result, which the API shows its setter and takes for a sign that it is not lost; and held to
 * its time limit, checked at every step.
 */
final class PreparationProgress {

    /** A preparation past its time limit, at the step it was at. */
    static final class OutOfTime extends JudgingStopped {

        OutOfTime(Duration limit, String step) {
            super("The preparation took longer than "
                    + (limit.toSecondsPart() == 0 ? limit.toMinutes() + " min" : limit.toSeconds() + " s")
                    + " (judge.worker.preparation.time-limit); it was " + step + ".");
        }
    }

    private final ProblemPreparation preparation;
    private final PreparationProperties properties;
    private final Consumer<PreparationResult> reports;
    private final String worker;
    private final long startedAt = System.nanoTime();
    private long saidAt = startedAt;

    PreparationProgress(
            ProblemPreparation preparation,
            PreparationProperties properties,
            Consumer<PreparationResult> reports,
            String worker) {
        this.preparation = preparation;
        this.properties = properties;
        this.reports = reports;
        this.worker = worker;
    }

    /**
     * The step it is at now ("validating test 12 of 500").
     *
     * @throws OutOfTime past its time limit
     */
    void at(String step) {
        long now = System.nanoTime();
        if (now - startedAt > properties.timeLimit().toNanos()) {
            throw new OutOfTime(properties.timeLimit(), step);
        }
        if (now - saidAt >= properties.progressEvery().toNanos()) {
            saidAt = now;
            reports.accept(PreparationResult.progress(preparation.problemId(), preparation.version(), worker, step));
        }
    }
}
