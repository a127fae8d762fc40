package dev.judge.worker.judging;

import java.util.Arrays;
import java.util.regex.Pattern;

import dev.judge.contracts.Checker;

/** The built-in checkers: whether a program's output matches the expected output. */
final class OutputComparator {

    private static final Pattern WHITESPACE = Pattern.compile("\\s+");
    private static final Pattern NON_SPACE = Pattern.compile("\\S+");
    /** A decimal number as contest answers print them; not NaN, Infinity or hexadecimal, which Java would parse. */
    // One way to read each number, and nothing given back: \d+\.?\d* could split a run of digits
    // anywhere, and a token of 20,000 digits and a letter took 11 s to refuse.
    private static final Pattern NUMBER =
            Pattern.compile("[-+]?+(?:\\d++(?:\\.\\d*+)?+|\\.\\d++)(?:[eE][-+]?+\\d++)?+");

    private OutputComparator() {}

    static boolean matches(Checker checker, String expected, String actual) {
        return switch (checker.kind()) {
            case EXACT -> stripOneTrailingNewline(expected).equals(stripOneTrailingNewline(actual));
            case WHITESPACE -> Arrays.equals(tokens(expected), tokens(actual));
            case FLOAT -> floatsMatch(tokens(expected), tokens(actual), checker.epsilon());
            case CUSTOM -> throw new IllegalArgumentException("A custom checker is a program, not a comparison");
            case TOKENS -> tokensMatch(checker.tokens(), expected, actual);
        };
    }

    /**
     * The problem package format's default output validator: token by token, case-insensitively unless
     * {@code caseSensitive}; with {@code spaceChangeSensitive} the white space between (and around) the
     * tokens must be the same too; a token the expected output gives as a number may be off by either
     * tolerance, and must then be a number.
     */
    private static boolean tokensMatch(Checker.Tokens flags, String expected, String actual) {
        if (flags.spaceChangeSensitive() && !Arrays.equals(spaces(expected), spaces(actual))) {
            return false;
        }
        String[] want = tokens(expected);
        String[] got = tokens(actual);
        if (want.length != got.length) {
            return false;
        }
        boolean tolerant = flags.absoluteTolerance() != null || flags.relativeTolerance() != null;
        for (int i = 0; i < want.length; i++) {
            if (tolerant && NUMBER.matcher(want[i]).matches()) {
                if (!NUMBER.matcher(got[i]).matches() || !within(flags, want[i], got[i])) {
                    return false;
                }
            } else if (flags.caseSensitive() ? !want[i].equals(got[i]) : !want[i].equalsIgnoreCase(got[i])) {
                return false;
            }
        }
        return true;
    }

    private static boolean within(Checker.Tokens flags, String expected, String actual) {
        double want = Double.parseDouble(expected);
        double error = Math.abs(want - Double.parseDouble(actual));
        return flags.absoluteTolerance() != null && error <= flags.absoluteTolerance()
                || flags.relativeTolerance() != null && error <= flags.relativeTolerance() * Math.abs(want);
    }

    /** The runs of white space between and around the tokens, each as it is. */
    private static String[] spaces(String text) {
        return NON_SPACE.split(text, -1);
    }

    /** Token by token; where the expected token is a number, the actual one may be off by epsilon, absolute or relative. */
    private static boolean floatsMatch(String[] expected, String[] actual, double epsilon) {
        if (expected.length != actual.length) {
            return false;
        }
        for (int i = 0; i < expected.length; i++) {
            if (expected[i].equals(actual[i])) {
                continue;
            }
            if (!NUMBER.matcher(expected[i]).matches()
                    || !NUMBER.matcher(actual[i]).matches()) {
                return false;
            }
            double want = Double.parseDouble(expected[i]);
            double got = Double.parseDouble(actual[i]);
            double error = Math.abs(want - got);
            if (!(error <= epsilon || error <= epsilon * Math.abs(want))) {
                return false;
            }
        }
        return true;
    }

    private static String stripOneTrailingNewline(String text) {
        if (text.endsWith("\r\n")) {
            return text.substring(0, text.length() - 2);
        }
        return text.endsWith("\n") ? text.substring(0, text.length() - 1) : text;
    }

    private static String[] tokens(String text) {
        String trimmed = text.strip();
        return trimmed.isEmpty() ? new String[0] : WHITESPACE.split(trimmed);
    }
}
