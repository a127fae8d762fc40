package dev.judge.worker.judging;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import dev.judge.contracts.Checker;

class OutputComparatorTests {

    @ParameterizedTest(name = "{0}: expected [{1}] vs actual [{2}] -> {3}")
    @CsvSource(delimiter = '|', textBlock = """
            FLOAT      | '0.3\n'      | '0.30000000000000004' | true
            FLOAT      | '0.3\n'      | '0.31'       | false
            FLOAT      | '1000000'     | '1000000.5'  | true
            FLOAT      | '1000000'     | '1000002'    | false
            FLOAT      | '1e-9'        | '0'          | true
            FLOAT      | '2 yes'       | '2.0000001 yes' | true
            FLOAT      | '2 yes'       | '2 YES'      | false
            FLOAT      | '2'           | '2 2'        | false
            FLOAT      | '1'           | 'NaN'        | false
            FLOAT      | '1'           | '0x1p0'      | false
            EXACT      | '3\\n'        | '3\\n'       | true
            EXACT      | '3'           | '3\\n'       | true
            EXACT      | '3\\n'        | '3\\r\\n'    | true
            EXACT      | '3\\n'        | '3\\n\\n'    | false
            EXACT      | '1 2\\n'      | '1  2\\n'    | false
            EXACT      | '3\\n'        | '4\\n'       | false
            WHITESPACE | '1 2\\n3\\n'  | ' 1\\t2 3 '  | true
            WHITESPACE | '1 2'         | '1 2 3'      | false
            WHITESPACE | ''            | '\\n\\n'     | true
            WHITESPACE | 'a'           | 'A'          | false
            """)
    void compares(Checker.Kind kind, String expected, String actual, boolean matches) {
        Checker checker = new Checker(kind, 1e-6, null);
        assertThat(OutputComparator.matches(checker, unescape(expected), unescape(actual)))
                .isEqualTo(matches);
    }

    /**
     * A contestant's output is compared in time linear in its length (it may be 4 MiB): the float
     * checker's number pattern once split a run of digits every way before refusing a token of 20,000
     * digits and a letter (11 s in the worker). Each shape takes about as long as ordinary numbers of the
     * same size.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"digits then a letter", "digits, a dot, digits, then a letter", "signs and dots"})
    void comparesFloatsInTimeLinearInTheOutput(String shape) {
        int size = 16 * 1024;
        String number = "1".repeat(size);
        String hostile = switch (shape) {
            case "digits then a letter" -> "1".repeat(size) + "x";
            case "digits, a dot, digits, then a letter" -> "1".repeat(size / 2) + "." + "2".repeat(size / 2) + "e";
            default -> "+.".repeat(size / 2);
        };
        Checker checker = new Checker(Checker.Kind.FLOAT, 1e-6, null);

        // The answer is a number, so the contestant's token is read as one: a number of the same size is the control.
        long control = fastestOfFive(() -> OutputComparator.matches(checker, "1", number));
        long measured = fastestOfFive(() -> OutputComparator.matches(checker, "1", hostile));

        assertThat(measured)
                .as("%s: %d µs, a number of the same size %d µs", shape, measured / 1000, control / 1000)
                .isLessThan(Math.max(20 * control, 50_000_000L));
    }

    private static long fastestOfFive(Runnable compare) {
        long fastest = Long.MAX_VALUE;
        for (int run = 0; run < 5; run++) {
            long started = System.nanoTime();
            compare.run();
            fastest = Math.min(fastest, System.nanoTime() - started);
        }
        return fastest;
    }

    /** The default output validator of the problem package format, flag by flag (as problemtools reads them). */
    @ParameterizedTest(name = "{0}: expected [{1}] vs actual [{2}] -> {3}")
    @CsvSource(delimiter = '|', textBlock = """
            none                    | 'Yes\n'        | 'YES'            | true
            none                    | '1 2\n'        | ' 1\n\t2 '     | true
            none                    | '1 2'           | '1 2 3'          | false
            none                    | '0.5'           | '0.50'           | false
            case_sensitive          | 'Yes'           | 'YES'            | false
            case_sensitive          | 'Yes'           | 'Yes'            | true
            space_change_sensitive  | '1 2\n'        | '1  2\n'        | false
            space_change_sensitive  | '1 2\n'        | '1 2'            | false
            space_change_sensitive  | '1 2\n'        | '1 2\n'         | true
            space_change_sensitive  | 'a b\n'        | 'A b\n'         | true
            absolute 1e-6           | '0.5 yes'       | '0.5000009 YES'  | true
            absolute 1e-6           | '0.5'           | '0.500002'       | false
            absolute 1e-6           | '1000000'       | '1000000.5'      | false
            absolute 1e-6           | '0.5'           | 'half'           | false
            relative 1e-6           | '1000000'       | '1000000.5'      | true
            relative 1e-6           | '0'             | '1e-9'           | false
            both 1e-6               | '0'             | '1e-9'           | true
            both 1e-6               | '1000000'       | '1000000.5'      | true
            """)
    void comparesAsTheDefaultOutputValidator(String flags, String expected, String actual, boolean matches) {
        Checker.Tokens tokens = switch (flags) {
            case "none" -> Checker.Tokens.DEFAULT;
            case "case_sensitive" -> new Checker.Tokens(true, false, null, null);
            case "space_change_sensitive" -> new Checker.Tokens(false, true, null, null);
            case "absolute 1e-6" -> new Checker.Tokens(false, false, 1e-6, null);
            case "relative 1e-6" -> new Checker.Tokens(false, false, null, 1e-6);
            case "both 1e-6" -> new Checker.Tokens(false, false, 1e-6, 1e-6);
            default -> throw new IllegalArgumentException(flags);
        };
        assertThat(OutputComparator.matches(Checker.tokens(tokens), unescape(expected), unescape(actual)))
                .isEqualTo(matches);
    }

    private static String unescape(String text) {
        return text.replace("\\n", "\n").replace("\\r", "\r").replace("\\t", "\t");
    }
}
