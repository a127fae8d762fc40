package dev.judge.api.problem.importing.kattis;

import java.util.OptionalInt;
import java.util.regex.Pattern;

/**
 * A {@code .py} that only Python 2 reads, shebang or not: a statement Python 3 has no syntax for
 * ({@code print x}, {@code exec code}, {@code except E, e:}, {@code raise E, "why"}) at the start of a line
 * outside a triple-quoted string. Packages from before 2020 hold such files without a shebang, which the
 * format's tools then take as Python 3 and which fail there; here they are listed as not judged, never
 * judged wrong. A heuristic that errs towards Python 3: a line it does not recognise is judged as written.
 * One pass over the source, each line's patterns possessive.
 */
final class Python2Source {

    private static final Pattern STATEMENT = Pattern.compile("(?:print|exec)[ \\t]++[\\w\"'\\[>-]"
            + "|except[ \\t]++[\\w.]++[ \\t]*+,[ \\t]*+\\w++[ \\t]*+:"
            + "|raise[ \\t]++[\\w.]++[ \\t]*+,");

    private Python2Source() {}

    /** The first line (from 1) that only Python 2 reads; empty when every line reads as Python 3 may. */
    static OptionalInt statementLine(String source) {
        String open = null; // the triple quote a line before left open
        int number = 0;
        for (String line : source.split("\n", -1)) {
            number++;
            if (open == null && STATEMENT.matcher(line.stripLeading()).lookingAt()) {
                return OptionalInt.of(number);
            }
            open = leftOpen(line, open);
        }
        return OptionalInt.empty();
    }

    /** The triple quote still open after a line that began inside {@code open} (null: outside any). */
    private static String leftOpen(String line, String open) {
        int at = 0;
        while (at < line.length()) {
            if (open != null) {
                int end = line.indexOf(open, at);
                if (end < 0) {
                    return open;
                }
                at = end + 3;
                open = null;
                continue;
            }
            char c = line.charAt(at);
            if (c == '#') {
                return null;
            }
            if (line.startsWith("\"\"\"", at) || line.startsWith("'''", at)) {
                open = line.substring(at, at + 3);
                at += 3;
            } else if (c == '"' || c == '\'') { // a string on one line: its end (escapes aside: a heuristic)
                int end = line.indexOf(c, at + 1);
                if (end < 0) {
                    return null;
                }
                at = end + 1;
            } else {
                at++;
            }
        }
        return open;
    }
}
