package dev.judge.contracts;

import java.time.Instant;

/**
 * Worker → result consumer, on {@link JudgeQueues#PREPARATIONS_DONE}: how a {@link ProblemPreparation}
 * ended. Recorded once: the first result for a version that is still preparing wins.
 *
 * @param status READY or FAILED
 * @param file what failed: {@code checker}, {@code interactor}, {@code validator} (which did not build)
 *        or {@code test <n>} (1-based, which the validator rejected); null when ready
 * @param message the compiler's or the validator's words, size-capped; null when ready. For the
 *        problem's managers only: it quotes the setter's code and tests
 */
public record PreparationResult(long problemId, int version, Status status, String file, String message,
        Instant preparedAt, String worker) {

    public enum Status {
        /** Stored; waiting for a worker to build its programs and validate its tests. */
        PREPARING,
        /** Submissions may be made to it. */
        READY,
        /** A program did not build or a test is invalid; submissions to it are refused. */
        FAILED
    }

    public static PreparationResult ready(long problemId, int version, String worker) {
        return new PreparationResult(problemId, version, Status.READY, null, null, Instant.now(), worker);
    }

    public static PreparationResult failed(long problemId, int version, String file, String message, String worker) {
        return new PreparationResult(problemId, version, Status.FAILED, file, message, Instant.now(), worker);
    }
}
