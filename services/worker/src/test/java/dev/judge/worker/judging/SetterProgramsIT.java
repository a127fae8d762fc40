package dev.judge.worker.judging;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.Map;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import dev.judge.contracts.ProblemProgram;
import dev.judge.contracts.language.LanguageCatalog;
import dev.judge.worker.sandbox.Sandboxes;
import dev.judge.worker.sandbox.TestSandboxes;

/** Which builds of setters' programs a worker remembers: a program's own failure, not the machine's. */
class SetterProgramsIT {

    /** Compiles for far longer than the 1 s of CPU these tests allow: g++ evaluates the loops (minutes). */
    private static final ProblemProgram SLOW_TO_COMPILE = new ProblemProgram("cpp", """
            constexpr long sum() {
                long s = 0;
                for (long i = 0; i < 200000; i++) for (long j = 0; j < 200000; j++) s += (i ^ j) % 7;
                return s;
            }
            static_assert(sum() > 0);
            int main() { return 0; }
            """, Map.of());

    private static final ProblemProgram COMPILE_ERROR =
            new ProblemProgram("c", "int main(void) { return undeclared; }\n", Map.of());

    private static Sandboxes sandbox;
    private static SetterPrograms programs;

    @BeforeAll
    static void startSandboxes() {
        sandbox = TestSandboxes.startPool(TestSandboxes.sandboxProperties(Map.of()));
        programs = new SetterPrograms(
                sandbox,
                LanguageCatalog.shipped(),
                TestSandboxes.workerProperties(Map.of("judge.worker.compile-time-limit", "1s")),
                TestSandboxes.sandboxProperties(Map.of()));
    }

    @AfterAll
    static void stopSandboxes() {
        TestSandboxes.stop(sandbox);
    }

    @Test
    void aBuildStoppedByItsTimeLimitIsTriedAgainByTheNextToAsk() throws IOException {
        // Found importing real Polygon packages on a busy machine: one compilation out of time failed
        // every later import of the same package at once, on an idle machine too.
        SetterPrograms.Built first = programs.build(SLOW_TO_COMPILE);
        SetterPrograms.Built second = programs.build(SLOW_TO_COMPILE);

        assertThat(first.failed()).isTrue();
        assertThat(first.failure()).contains("took longer than 1 s of CPU or 2 s by the clock");
        assertThat(second.failed()).isTrue();
        assertThat(second).as("built again, not the remembered failure").isNotSameAs(first);
    }

    @Test
    void aCompileErrorIsRememberedAndNotBuiltAgain() throws IOException {
        SetterPrograms.Built first = programs.build(COMPILE_ERROR);

        assertThat(first.failure()).contains("undeclared");
        assertThat(programs.build(COMPILE_ERROR)).isSameAs(first);
    }
}
