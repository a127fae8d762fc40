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

    private static String unescape(String text) {
        return text.replace("\\n", "\n").replace("\\r", "\r").replace("\\t", "\t");
    }
}
