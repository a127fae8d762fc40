package dev.judge.worker.judging;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.judge.contracts.JudgeRequest;
import dev.judge.contracts.SetterLimits;
import dev.judge.worker.sandbox.RunSpec;
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

    @Test
    void aMainSolutionMakingAnswersGetsTheProblemsLimitsWhereTheyAreHigher() {
        RunSpec slowProblem = properties.answererRun(
                List.of("./main"), "", SetterLimits.WORKERS, new JudgeRequest.Limits(8000, 1024));
        assertThat(slowProblem.timeLimit()).isEqualTo(Duration.ofSeconds(8));
        assertThat(slowProblem.memoryLimitBytes()).isEqualTo(1L << 30);

        RunSpec quickProblem =
                properties.answererRun(List.of("./main"), "", SetterLimits.WORKERS, new JudgeRequest.Limits(1000, 64));
        assertThat(quickProblem.timeLimit()).isEqualTo(Duration.ofSeconds(5));
        assertThat(quickProblem.memoryLimitBytes()).isEqualTo(512L << 20);

        RunSpec pastTheWorkers = properties.answererRun(
                List.of("./main"), "", SetterLimits.WORKERS, new JudgeRequest.Limits(60_000, 1 << 20));
        assertThat(pastTheWorkers.timeLimit()).isEqualTo(Duration.ofSeconds(10));
        assertThat(pastTheWorkers.memoryLimitBytes()).isEqualTo(1L << 30);
    }
}
