package dev.judge.worker.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A run's wall limit holds its own clock: the real one less the time its tasks waited for a CPU that
 * others held. Each case pins the program and its neighbours to CPU 0 ({@code taskset}), so that its
 * share of the CPU is known whatever the machine: three neighbours leave it a quarter. Each program
 * is run once on the quiet machine first: the time its first start spends reading it from a cold disk
 * counts on its own clock (docs/time-limits.md), and is not what these cases are about.
 */
class SandboxClockIT {

    /** Spins until it has used this much CPU time of its own, then says so. */
    private static final String SPIN =
            "import time\n" + "while time.process_time() < %s:\n" + "    pass\n" + "print('done')\n";

    private static final Duration SECOND = Duration.ofSeconds(1);

    private Sandboxes sandbox;
    private BusyNeighbours busy;

    @AfterEach
    void stop() {
        if (busy != null) {
            busy.close();
        }
        if (sandbox != null) {
            TestSandboxes.stop(sandbox);
        }
    }

    @Test
    void aProgramKeptFromTheCpuByNeighboursIsNotStoppedByTheClock() throws Exception {
        sandbox = TestSandboxes.startPool(TestSandboxes.sandboxProperties(Map.of()));
        List<String> spin = pinned("python3", "-c", SPIN.formatted("0.6"));
        warm(spin);
        busy = BusyNeighbours.start(3, 0);

        RunOutcome outcome = run(spin, Duration.ofSeconds(1));

        // A quarter of a CPU for 0.6 s of its own: about 2.4 s by the real clock, over its 1 s wall limit.
        assertThat(outcome.exitedZero()).as("%s", outcome).isTrue();
        assertThat(outcome.stdout()).isEqualTo("done\n");
        assertThat(outcome.wallTime()).as("%s", outcome).isGreaterThan(Duration.ofSeconds(1));
        assertThat(outcome.cpuWait()).as("%s", outcome).isGreaterThan(Duration.ofMillis(500));
    }

    @Test
    void aSleepingProgramBesideTheSameNeighboursRunsOutOfItsOwnClock() throws Exception {
        sandbox = TestSandboxes.startPool(TestSandboxes.sandboxProperties(Map.of()));
        busy = BusyNeighbours.start(3, 0);

        RunOutcome outcome = run(pinned("sleep", "30"), Duration.ofSeconds(1));

        assertThat(outcome.wallLimitReached()).as("%s", outcome).isTrue();
        assertThat(outcome.wallTime()).as("%s", outcome).isLessThan(Duration.ofMillis(1500));
    }

    @Test
    void itsOwnThreadsQueueingBehindEachOtherGainItNoTime() throws Exception {
        sandbox = TestSandboxes.startPool(TestSandboxes.sandboxProperties(Map.of()));

        // Four busy processes of its own on one CPU: each waits three quarters of the time, for the others.
        RunOutcome outcome = run(
                pinned("sh", "-c", "for i in 1 2 3 4; do (while :; do :; done) & done; wait"), Duration.ofSeconds(1));

        assertThat(outcome.wallLimitReached()).as("%s", outcome).isTrue();
        assertThat(outcome.wallTime()).as("%s", outcome).isLessThan(Duration.ofMillis(1500));
    }

    @Test
    void aRunTheMachineStarvesEveryTimeIsGivenUpOnNotJudged() throws Exception {
        sandbox = TestSandboxes.startQuicklyStarvedPool();
        List<String> spin = pinned("python3", "-c", SPIN.formatted("0.6"));
        warm(spin);
        busy = BusyNeighbours.start(7, 0);

        // An eighth of a CPU for 0.6 s of its own: about 5 s, over the 1.5 s the real clock allows. Two
        // attempts of 1.5 s each and the 2 s pause between them (the quickly starved pool's).
        long started = System.nanoTime();
        assertThatThrownBy(() -> run(spin, Duration.ofSeconds(1)))
                .isInstanceOf(MachineTooBusyException.class)
                .hasMessageContaining("too busy")
                .hasMessageContaining("2 attempts");
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isGreaterThanOrEqualTo(Duration.ofSeconds(5));
    }

    @Test
    void aProgramWaitingForAnInteractorKeptFromTheCpuIsNotJudgedByItsClock() throws Exception {
        sandbox = TestSandboxes.startQuicklyStarvedPool();
        List<String> thinker = pinned("python3", "-c", SPIN.formatted("0.6").replace("'done'", "'42', flush=True"));
        warm(thinker);
        busy = BusyNeighbours.start(3, 0);

        // The interactor thinks for 0.6 s of CPU before it answers: 2.4 s on a quarter of a CPU, while the
        // program, blocked on the answer, has a wall limit of 1 s. Quiet, the answer comes at 0.6 s.
        RunSpec program = new RunSpec(
                List.of("sh", "-c", "read answer; echo \"$answer\""), null, SECOND, SECOND, 64L << 20, 1 << 20);
        RunSpec interactor =
                new RunSpec(thinker, null, Duration.ofSeconds(5), Duration.ofSeconds(2), 256L << 20, 1 << 20);
        try (Sandbox here = sandbox.open(TestSandboxes.C);
                Sandbox peer = sandbox.open(TestSandboxes.C)) {
            assertThatThrownBy(() -> peer.communicate(interactor, List.of(new Sandbox.Instance(here, program))))
                    .isInstanceOf(MachineTooBusyException.class);
        }
    }

    /** The command on CPU 0, where the neighbours are. */
    private static List<String> pinned(String... command) {
        List<String> all = new ArrayList<>(List.of("taskset", "-c", "0"));
        all.addAll(List.of(command));
        return all;
    }

    /** Runs the command once with time to spare, so that its files are in the page cache. */
    private void warm(List<String> command) throws Exception {
        assertThat(run(command, Duration.ofSeconds(20)).exitedZero()).isTrue();
    }

    private RunOutcome run(List<String> command, Duration wallLimit) throws Exception {
        try (Sandbox box = sandbox.open(TestSandboxes.C)) {
            return box.run(new RunSpec(command, null, Duration.ofSeconds(20), wallLimit, 256L << 20, 1 << 20));
        }
    }
}
