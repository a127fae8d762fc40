package dev.judge.api.problem;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

/**
 * The load test's problem is defined twice: here, for the API to make it for the chart's load-test key
 * (which may only submit), and in {@code tests/load/programs.js}, for k6 to find it by its title or make
 * it where its caller may. They must agree, or the runners would judge against another problem.
 */
class LoadTestProblemTests {

    private static final Path PROGRAMS = Path.of("../../tests/load/programs.js");

    @Test
    void theApisLoadTestProblemIsTheOneK6Makes() throws IOException {
        String programs = Files.readString(PROGRAMS);
        String problem = programs.substring(programs.indexOf("SUM_PROBLEM = {"), programs.indexOf("};"));

        assertThat(field(problem, "title")).isEqualTo("'" + LoadTestProblem.TITLE + "'");
        assertThat(field(problem, "timeLimitMs"))
                .isEqualTo(LoadTestProblem.REQUEST.timeLimitMs().toString());
        assertThat(field(problem, "memoryLimitMb"))
                .isEqualTo(LoadTestProblem.REQUEST.memoryLimitMb().toString());
        List<String> tests = new ArrayList<>();
        Matcher test = Pattern.compile("\\{ input: '([^']*)', expectedOutput: '([^']*)' }")
                .matcher(problem);
        while (test.find()) {
            tests.add(test.group(1).replace("\\n", "\n") + "->" + test.group(2).replace("\\n", "\n"));
        }
        assertThat(tests)
                .containsExactlyElementsOf(LoadTestProblem.REQUEST.testCases().stream()
                        .map(each -> each.input() + "->" + each.expectedOutput())
                        .toList());
    }

    private static String field(String object, String name) {
        Matcher value = Pattern.compile(name + ": ([^,\\n]+),").matcher(object);
        assertThat(value.find()).as("%s in %s", name, PROGRAMS).isTrue();
        return value.group(1);
    }
}
