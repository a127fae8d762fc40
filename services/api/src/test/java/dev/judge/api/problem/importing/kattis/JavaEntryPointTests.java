package dev.judge.api.problem.importing.kattis;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import dev.judge.api.problem.LinearTime;

class JavaEntryPointTests {

    @Test
    void aPublicClassOtherThanMainIsCalledByAMainBesideIt() {
        KattisPackage.Program built =
                JavaEntryPoint.of(java("import java.util.*;\n\n  public final class Hello {\n}\n"));

        assertThat(built.files()).containsOnlyKeys("Hello.java");
        assertThat(built.sourceCode()).contains("Hello.main(args);");
        assertThat(JavaEntryPoint.of(java("public class Main {}\n")).files()).isEmpty();
    }

    /**
     * The entry point is found in time linear in the source, whatever it holds: with {@code ^\s*public} in
     * multiline mode, a source of 40,000 blank lines took 11.4 s and 80,000 took 45.7 s (quadratic; a
     * program may be 1 MiB). Each shape takes about as long as an ordinary source of the same size.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"blank lines", "spaces and newlines", "publics without a class"})
    void findsTheEntryPointInTimeLinearInTheSource(String shape) {
        int size = 32 * 1024;
        String ordinary = "class Helper {\n    int twice(int x) { return 2 * x; }\n}\n"
                .repeat(size / 54 + 1)
                .substring(0, size);
        String hostile = switch (shape) {
            case "blank lines" -> "\n".repeat(size);
            case "spaces and newlines" -> " \n".repeat(size / 2);
            default -> "public \n".repeat(size / 8);
        };

        long control = LinearTime.fastestOfFive(() -> JavaEntryPoint.of(java(ordinary)));
        long measured = LinearTime.fastestOfFive(() -> JavaEntryPoint.of(java(hostile)));

        assertThat(measured)
                .as("%s: %d µs, an ordinary source of the same size %d µs", shape, measured / 1000, control / 1000)
                .isLessThan(Math.max(20 * control, 50_000_000L));
    }

    private static KattisPackage.Program java(String source) {
        return new KattisPackage.Program("submissions/accepted/Hello.java", "java", source, Map.of());
    }
}
