package dev.judge.worker.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * When a conversation's outcome says nothing of its programs: one side's clock ran out while the other,
 * within its limits, was behind by a tenth of that side's wall limit, having waited for a CPU or started
 * late (the machine's monotonic clock: ended less wall time).
 */
class KeptWaitingTests {

    private static final long SECOND = 1_000_000_000L;
    /** An instance's limits (1 s of CPU, 3 s on its clock) and its manager's (3 s + 1 s). */
    private static final RunSpec INSTANCE =
            new RunSpec(List.of("main"), null, Duration.ofSeconds(1), Duration.ofSeconds(3), 1 << 20, 1 << 20);

    private static final RunSpec MANAGER =
            new RunSpec(List.of("manager"), null, Duration.ofSeconds(4), Duration.ofSeconds(4), 1 << 20, 1 << 20);

    @Test
    void aManagerOutOfTimeBesideAnInstanceThatStartedLongAfterItIsHeldAgain() {
        // Both blocked on each other (the deadlock case); the manager started at 100 s, the instance
        // 1.2 s later, and its clock was still under its 3 s when the manager's 4 s ran out.
        RunOutcome manager = run(true, Duration.ofMillis(4000), Duration.ZERO, 104 * SECOND);
        RunOutcome instance = run(false, Duration.ofMillis(2810), Duration.ZERO, 104 * SECOND + 10_000_000L);

        assertThat(BubblewrapSandbox.keptWaitingBy(List.of(instance, manager), List.of(INSTANCE, MANAGER)))
                .isSameAs(instance);
    }

    @Test
    void anInstanceThatWaitedForACpuIsHeldAgainAsBefore() {
        RunOutcome manager = run(true, Duration.ofMillis(4000), Duration.ZERO, 104 * SECOND);
        RunOutcome instance = run(false, Duration.ofMillis(4000), Duration.ofMillis(1500), 104 * SECOND);

        assertThat(BubblewrapSandbox.keptWaitingBy(List.of(instance, manager), List.of(INSTANCE, MANAGER)))
                .isSameAs(instance);
    }

    @Test
    void runsStartedTogetherOnAQuietMachineDecideTheOutcome() {
        RunOutcome manager = run(true, Duration.ofMillis(4000), Duration.ZERO, 104 * SECOND);
        RunOutcome instance = run(false, Duration.ofMillis(3990), Duration.ofMillis(20), 104 * SECOND);

        assertThat(BubblewrapSandbox.keptWaitingBy(List.of(instance, manager), List.of(INSTANCE, MANAGER)))
                .isNull();
    }

    @Test
    void anInstanceThatStartedBeforeTheManagerIsNotBehindIt() {
        RunOutcome manager = run(true, Duration.ofMillis(4000), Duration.ZERO, 104 * SECOND);
        RunOutcome instance = run(false, Duration.ofMillis(5500), Duration.ZERO, 104 * SECOND);

        assertThat(BubblewrapSandbox.keptWaitingBy(List.of(instance, manager), List.of(INSTANCE, MANAGER)))
                .isNull();
    }

    @Test
    void whereWhenARunEndedIsUnknownOnlyItsWaitsCount() {
        RunOutcome manager = run(true, Duration.ofMillis(4000), Duration.ZERO, 0);
        RunOutcome instance = run(false, Duration.ofMillis(2810), Duration.ZERO, 104 * SECOND);

        assertThat(BubblewrapSandbox.keptWaitingBy(List.of(instance, manager), List.of(INSTANCE, MANAGER)))
                .isNull();
    }

    private static RunOutcome run(boolean wallLimitReached, Duration wall, Duration cpuWait, long endedAtNanos) {
        return new RunOutcome(
                wallLimitReached,
                wallLimitReached ? null : 1,
                wallLimitReached ? 9 : null,
                wall,
                cpuWait,
                Duration.ofMillis(30),
                1000L,
                false,
                true,
                false,
                false,
                false,
                "",
                "",
                endedAtNanos);
    }
}
