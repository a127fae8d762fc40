package dev.judge.worker.judging;

import java.util.Arrays;
import java.util.regex.Pattern;

import dev.judge.contracts.Checker;

/** The built-in checkers: whether a program's output matches the expected output. */
final class OutputComparator {

    private static final Pattern WHITESPACE = Pattern.compile("\\s+");
    /** A decimal number as contest answers print them; not NaN, Infinity or hexadecimal, which Java would parse. */
    private static final Pattern NUMBER = Pattern.compile("[-+]?(\\d+\\.?\\d*|\\.\\d+)([eE][-+]?\\d+)?");

    private OutputComparator() {}

    static boolean matches(Checker checker, String expected, String actual) {
        return switch (checker.kind()) {
            case EXACT -> stripOneTrailingNewline(expected).equals(stripOneTrailingNewline(actual));
            case WHITESPACE -> Arrays.equals(tokens(expected), tokens(actual));
            case FLOAT -> floatsMatch(tokens(expected), tokens(actual), checker.epsilon());
            case CUSTOM -> throw new IllegalArgumentException("A custom checker is a program, not a comparison");
        };
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
