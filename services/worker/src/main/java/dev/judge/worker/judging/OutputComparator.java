package dev.judge.worker.judging;

import java.util.Arrays;
import java.util.regex.Pattern;

import dev.judge.contracts.OutputComparison;

/** Decides whether a program's output matches the expected output. */
final class OutputComparator {

    private static final Pattern WHITESPACE = Pattern.compile("\\s+");

    private OutputComparator() {
    }

    static boolean matches(OutputComparison comparison, String expected, String actual) {
        return switch (comparison) {
            case EXACT -> stripOneTrailingNewline(expected).equals(stripOneTrailingNewline(actual));
            case WHITESPACE -> Arrays.equals(tokens(expected), tokens(actual));
        };
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
