package dev.judge.worker.judging;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import dev.judge.contracts.OutputComparison;

class OutputComparatorTests {

    @ParameterizedTest(name = "{0}: expected [{1}] vs actual [{2}] -> {3}")
    @CsvSource(delimiter = '|', textBlock = """
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
    void compares(OutputComparison comparison, String expected, String actual, boolean matches) {
        assertThat(OutputComparator.matches(comparison, unescape(expected), unescape(actual))).isEqualTo(matches);
    }

    private static String unescape(String text) {
        return text.replace("\\n", "\n").replace("\\r", "\r").replace("\\t", "\t");
    }
}
