package dev.judge.worker.judging;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.judge.contracts.SetterLimits;
import dev.judge.worker.sandbox.TestSandboxes;

/** A problem's own setter limits replace the worker's, capped as a submission's are. */
class SetterLimitsTests {

    private final WorkerProperties properties = TestSandboxes.workerProperties(Map.of(
            "judge.worker.setter-time-limit",
            "5s",
            "judge.worker.setter-memory-limit",
            "512MB",
            "judge.worker.max-time-limit",
            "10s",
            "judge.worker.max-memory-limit",
            "1GB"));

    @Test
    void theWorkersUnlessTheProblemSaysOtherwiseAndNeverPastTheWorkersHighest() {
        assertThat(properties.setterTimeLimit(SetterLimits.WORKERS)).isEqualTo(Duration.ofSeconds(5));
        assertThat(properties.setterMemoryLimitBytes(SetterLimits.WORKERS)).isEqualTo(512L << 20);
        assertThat(properties.setterTimeLimit(new SetterLimits(8000L, null))).isEqualTo(Duration.ofSeconds(8));
        assertThat(properties.setterTimeLimit(new SetterLimits(600_000L, null))).isEqualTo(Duration.ofSeconds(10));
        assertThat(properties.setterWallLimit(new SetterLimits(1000L, null))).isEqualTo(Duration.ofSeconds(3));
        assertThat(properties.setterMemoryLimitBytes(new SetterLimits(null, 64L)))
                .isEqualTo(64L << 20);
        assertThat(properties.setterMemoryLimitBytes(new SetterLimits(null, 1L << 20)))
                .isEqualTo(1L << 30);
    }
}
