package dev.judge.worker.judging;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

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
