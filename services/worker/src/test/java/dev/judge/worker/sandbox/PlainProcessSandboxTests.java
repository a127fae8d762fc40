package dev.judge.worker.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PlainProcessSandboxTests {

    @TempDir
    Path workDir;

    private final Sandbox sandbox = new PlainProcessSandbox();

    @Test
    void runsTheToolchainFoundOnTheSandboxPathNotTheWorkers() throws Exception {
        // The JDK would resolve "python3" on the worker's PATH (on developer machines often a
        // version manager's shim, 50 ms slower per run and a different Python).
        RunOutcome outcome = run(List.of("python3", "-S", "-c", "import sys; print(sys.executable)"));

        assertThat(outcome.stdout().strip()).isIn("/usr/local/bin/python3", "/usr/bin/python3", "/bin/python3");
    }

    @Test
    void givesTheProgramNoneOfTheWorkersEnvironment() throws Exception {
        RunOutcome outcome = run(List.of("env"));

        assertThat(outcome.stdout().lines().map(line -> line.substring(0, line.indexOf('='))))
                .containsExactlyInAnyOrder("PATH", "HOME", "LANG");
    }

    @Test
    void reportsTheSignalThatKilledTheProgram() throws Exception {
        RunOutcome outcome = run(List.of("sh", "-c", "kill -SEGV $$"));

        assertThat(outcome.termination()).isEqualTo(RunOutcome.Termination.EXITED);
        assertThat(outcome.signal()).isEqualTo(11);
        assertThat(outcome.exitCode()).isNull();
    }

    private RunOutcome run(List<String> command) throws Exception {
        return sandbox.run(new RunSpec(workDir, command, null, Duration.ofSeconds(5), Duration.ofSeconds(5),
                256L << 20, 1 << 20));
    }
}
