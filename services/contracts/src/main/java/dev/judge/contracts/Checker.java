package dev.judge.contracts;

/**
 * How a test's output is judged.
 *
 * @param epsilon for {@link Kind#FLOAT}: the absolute or relative error numbers may have
 * @param program for {@link Kind#CUSTOM}: the setter's checker, run as
 *        {@code checker <input> <output> <answer>} with testlib's exit codes
 * @param scores for {@link Kind#CUSTOM}: what the points of testlib's {@code quitp} are; never null
 *        ({@link Scores#SHARE} in messages before contract version 7)
 * @param tokens for {@link Kind#TOKENS}: how tokens compare (contract version 13)
 */
public record Checker(Kind kind, Double epsilon, ProblemProgram program, Scores scores, Tokens tokens) {

    public enum Kind {
        /** Byte for byte, except that a single trailing newline on either side is ignored. */
        EXACT,
        /** Tokens separated by any run of white space must match. */
        WHITESPACE,
        /** Tokens must match; those that are both numbers may differ by {@code epsilon}, absolute or relative. */
        FLOAT,
        /** The setter's program decides. */
        CUSTOM,
        /**
         * The problem package format's default output validator, with its flags ({@link Tokens}): tokens
         * must match, by default whatever their case and the white space between them.
         */
        TOKENS
    }

    /**
     * The flags of the problem package format's default output validator.
     *
     * @param caseSensitive tokens that differ only in case are different
     * @param spaceChangeSensitive the white space between tokens must match too, character for character
     * @param absoluteTolerance where the expected token is a number, how far off the output's may be; null for none
     * @param relativeTolerance the same, as a share of the expected number; null for none (either suffices)
     */
    public record Tokens(
            boolean caseSensitive, boolean spaceChangeSensitive, Double absoluteTolerance, Double relativeTolerance) {

        /** The default validator without flags: case and white space ignored, numbers as text. */
        public static final Tokens DEFAULT = new Tokens(false, false, null, null);
    }

    /** The scale of a custom checker's points (testlib's exit code 7). */
    public enum Scores {
        /** A share of the test, in [0, 1]: {@code quitp(0.5)} is half of it. */
        SHARE,
        /**
         * Points of the test's subtask, as Polygon counts them: {@code quitp(10)} is all of a subtask
         * worth 10 (Polygon's "each-test" groups are one test each here, so a subtask's points are the
         * test's).
         */
        POINTS
    }

    public static final Checker EXACT = new Checker(Kind.EXACT, null, null);
    public static final Checker WHITESPACE = new Checker(Kind.WHITESPACE, null, null);

    public Checker {
        scores = scores == null ? Scores.SHARE : scores;
        if (kind == Kind.TOKENS && tokens == null) {
            tokens = Tokens.DEFAULT;
        }
    }

    public Checker(Kind kind, Double epsilon, ProblemProgram program, Scores scores) {
        this(kind, epsilon, program, scores, null);
    }

    public Checker(Kind kind, Double epsilon, ProblemProgram program) {
        this(kind, epsilon, program, Scores.SHARE);
    }

    /** The default output validator with these flags. */
    public static Checker tokens(Tokens tokens) {
        return new Checker(Kind.TOKENS, null, null, Scores.SHARE, tokens);
    }

    /** The checker of the comparisons there were before checkers (and of messages of contract version 1). */
    public static Checker of(OutputComparison comparison) {
        return comparison == OutputComparison.WHITESPACE ? WHITESPACE : EXACT;
    }

    /** What a reader of contract version 1 understands of this checker: the nearest comparison. */
    public OutputComparison asComparison() {
        return kind == Kind.EXACT ? OutputComparison.EXACT : OutputComparison.WHITESPACE;
    }

    public boolean isCustom() {
        return kind == Kind.CUSTOM;
    }
}
