package dev.judge.worker.judging;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import dev.judge.contracts.JudgeRequest.TestCase;
import dev.judge.contracts.PreparationResult;
import dev.judge.contracts.ProblemPreparation;
import dev.judge.contracts.ProblemProgram;
import dev.judge.worker.sandbox.Sandboxes;
import dev.judge.worker.sandbox.TestSandboxes;

/** A problem version's setter programs built and its tests validated in the real sandbox, as a worker does on a save. */
class ProblemPreparerIT {

    private static final ProblemProgram CHECKER = new ProblemProgram("c",
            "int main(int argc, char **argv) { return 0; }\n", Map.of());
    /** Accepts a number up to 10 in the group "small", up to 1000 elsewhere; says why it rejects, as testlib does. */
    private static final ProblemProgram VALIDATOR = new ProblemProgram("python", """
            import sys
            n = int(sys.stdin.read())
            limit = 10 if sys.argv[1:] == ["--group", "small"] else 1000
            if n > limit:
                sys.stderr.write(f"FAIL Integer {n} violates the range [1, {limit}] (stdin, line 1)\\n")
                sys.exit(3)
            """, Map.of());

    private static Sandboxes sandbox;
    private static ProblemPreparer preparer;

    @BeforeAll
    static void startSandboxes() {
        sandbox = TestSandboxes.startPool(TestSandboxes.sandboxProperties(Map.of()));
        WorkerProperties properties = TestSandboxes.workerProperties(Map.of("judge.worker.setter-time-limit", "1s"));
        preparer = new ProblemPreparer(new SetterPrograms(sandbox, JudgeIT.shippedCatalog(), properties,
                TestSandboxes.sandboxProperties(Map.of())), sandbox, TestSandboxes.testDataStore(Map.of()), properties,
                new WorkerIdentity());
    }

    @AfterAll
    static void stopSandboxes() {
        TestSandboxes.stop(sandbox);
    }

    @Test
    void aVersionWhoseProgramsBuildAndWhoseTestsAreValidIsReady() throws IOException {
        PreparationResult result = preparer.prepare(preparation(CHECKER, VALIDATOR,
                List.of(new TestCase("5\n", "5\n", "small"), new TestCase("500\n", "500\n", "large"))));

        assertThat(result.status()).as("%s", result).isEqualTo(PreparationResult.Status.READY);
        assertThat(result.file()).isNull();
    }

    @Test
    void aCheckerThatDoesNotCompileFailsTheVersionWithTheCompilersWords() throws IOException {
        ProblemProgram broken = new ProblemProgram("c", "int main( { return 0; }\n", Map.of());

        PreparationResult result = preparer.prepare(preparation(broken, null, List.of(new TestCase("1\n", "1\n", null))));

        assertThat(result.status()).isEqualTo(PreparationResult.Status.FAILED);
        assertThat(result.file()).isEqualTo("checker");
        assertThat(result.message()).contains("error");
    }

    @Test
    void aTestTheValidatorRejectsFailsTheVersionNamingTheTestAndTheValidatorsWords() throws IOException {
        PreparationResult result = preparer.prepare(preparation(CHECKER, VALIDATOR, List.of(
                new TestCase("5\n", "5\n", "small"), new TestCase("50\n", "50\n", "large"), new TestCase("50\n", "50\n", "small"))));

        assertThat(result.status()).isEqualTo(PreparationResult.Status.FAILED);
        assertThat(result.file()).isEqualTo("test 3");
        assertThat(result.message()).contains("FAIL Integer 50 violates the range [1, 10]").contains("exit code 3");
    }

    /** A hostile or careless validator: it never ends, and fails the version rather than hold the worker. */
    @Test
    void aValidatorThatNeverEndsFailsTheVersionOnItsTimeLimit() throws IOException {
        ProblemProgram endless = new ProblemProgram("python", "while True:\n    pass\n", Map.of());

        PreparationResult result = preparer.prepare(preparation(null, endless, List.of(new TestCase("1\n", "1\n", null))));

        assertThat(result.status()).isEqualTo(PreparationResult.Status.FAILED);
        assertThat(result.file()).isEqualTo("test 1");
        assertThat(result.message()).contains("ran out of time");
    }

    private static ProblemPreparation preparation(ProblemProgram checker, ProblemProgram validator, List<TestCase> tests) {
        return new ProblemPreparation(1, 1, checker, null, validator, tests, null);
    }
}
