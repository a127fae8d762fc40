package dev.judge.contracts;

/**
 * The outcome of judging a submission or one of its test cases.
 *
 * <p>Declared from most to least severe: when test cases disagree, the submission's verdict is the
 * most severe one. {@link #INTERNAL_ERROR} is the judge's own failure, not the program's, and ranks
 * first so that it is never hidden behind a user verdict.
 */
public enum Verdict {
    INTERNAL_ERROR,
    COMPILATION_ERROR,
    RUNTIME_ERROR,
    MEMORY_LIMIT_EXCEEDED,
    TIME_LIMIT_EXCEEDED,
    OUTPUT_LIMIT_EXCEEDED,
    WRONG_ANSWER,
    /** A custom checker or interactor gave part of the test's points (contract version 2). */
    PARTIALLY_ACCEPTED,
    ACCEPTED;

    public boolean isWorseThan(Verdict other) {
        return ordinal() < other.ordinal();
    }
}
