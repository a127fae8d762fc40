package dev.judge.contracts;

/**
 * How a test's output is judged.
 *
 * @param epsilon for {@link Kind#FLOAT}: the absolute or relative error numbers may have
 * @param program for {@link Kind#CUSTOM}: the setter's checker, run as
 *        {@code checker <input> <output> <answer>} with testlib's exit codes
 */
public record Checker(Kind kind, Double epsilon, ProblemProgram program) {

    public enum Kind {
        /** Byte for byte, except that a single trailing newline on either side is ignored. */
        EXACT,
        /** Tokens separated by any run of white space must match. */
        WHITESPACE,
        /** Tokens must match; those that are both numbers may differ by {@code epsilon}, absolute or relative. */
        FLOAT,
        /** The setter's program decides. */
        CUSTOM
    }

    public static final Checker EXACT = new Checker(Kind.EXACT, null, null);
    public static final Checker WHITESPACE = new Checker(Kind.WHITESPACE, null, null);

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
