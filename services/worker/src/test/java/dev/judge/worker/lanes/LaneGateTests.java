package dev.judge.worker.lanes;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import dev.judge.contracts.Lane;

class LaneGateTests {

    @Test
    void aFreeSlotGoesToTheContestLaneBeforeAPracticeOrRejudgeBacklog() throws Exception {
        LaneGate gate = new LaneGate(1, 4);
        gate.acquire(Lane.PRACTICE);
        List<Lane> order = startWaiting(gate, Lane.REJUDGE, Lane.PRACTICE, Lane.CONTEST);

        releaseOneAtATime(gate, order, 3);

        assertThat(order).containsExactly(Lane.CONTEST, Lane.PRACTICE, Lane.REJUDGE);
    }

    /**
     * With every lane always waiting, the slots go C C C C P R, then C C C P R over and over: a lower
     * lane gets its turn once passed over four times (practice is passed over by rejudge's turn too),
     * and no lane goes more than five slots in a row without one (the limit, and one for the other
     * lane whose turn came at the same time).
     */
    @Test
    void underABacklogInEveryLaneNoLaneIsPassedOverMoreThanTheLimitInARow() throws Exception {
        LaneGate gate = new LaneGate(1, 4);
        gate.acquire(Lane.CONTEST);
        List<Lane> order = Collections.synchronizedList(new ArrayList<>());
        List<Thread> waiters = new ArrayList<>();
        for (Lane lane : Lane.values()) {
            // A listener thread per lane that always has the next submission of its lane.
            waiters.add(Thread.ofVirtual().start(() -> {
                try {
                    while (true) {
                        gate.acquire(lane);
                        order.add(lane);
                    }
                } catch (InterruptedException e) {
                    // the test is over
                }
            }));
        }
        awaitWaiting(gate, 3);
        for (int slot = 0; slot < 24; slot++) {
            int before = order.size();
            gate.release();
            awaitGranted(order, before + 1);
            awaitWaiting(gate, 3);
        }
        waiters.forEach(Thread::interrupt);

        assertThat(order.subList(0, 16))
                .containsExactly(
                        Lane.CONTEST,
                        Lane.CONTEST,
                        Lane.CONTEST,
                        Lane.CONTEST,
                        Lane.PRACTICE,
                        Lane.REJUDGE,
                        Lane.CONTEST,
                        Lane.CONTEST,
                        Lane.CONTEST,
                        Lane.PRACTICE,
                        Lane.REJUDGE,
                        Lane.CONTEST,
                        Lane.CONTEST,
                        Lane.CONTEST,
                        Lane.PRACTICE,
                        Lane.REJUDGE);
        for (Lane lane : Lane.values()) {
            assertThat(longestRunWithout(order, lane))
                    .as("slots in a row without %s", lane)
                    .isLessThanOrEqualTo(5);
        }
    }

    @Test
    void aLaneAloneTakesEverySlot() throws Exception {
        LaneGate gate = new LaneGate(2, 4);
        gate.acquire(Lane.REJUDGE);
        gate.acquire(Lane.REJUDGE);
        List<Lane> order = startWaiting(gate, Lane.REJUDGE);

        releaseOneAtATime(gate, order, 1);

        assertThat(order).containsExactly(Lane.REJUDGE);
    }

    /** Starts a thread per lane given, each waiting for a slot, and returns once all of them wait. */
    private static List<Lane> startWaiting(LaneGate gate, Lane... lanes) throws InterruptedException {
        List<Lane> order = Collections.synchronizedList(new ArrayList<>());
        CountDownLatch started = new CountDownLatch(lanes.length);
        for (Lane lane : lanes) {
            Thread.ofVirtual().start(() -> {
                started.countDown();
                try {
                    gate.acquire(lane);
                    order.add(lane);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
        }
        assertThat(started.await(5, TimeUnit.SECONDS)).isTrue();
        awaitWaiting(gate, lanes.length);
        return order;
    }

    private static void releaseOneAtATime(LaneGate gate, List<Lane> order, int times) throws InterruptedException {
        for (int i = 0; i < times; i++) {
            gate.release();
            awaitGranted(order, i + 1);
        }
    }

    private static void awaitWaiting(LaneGate gate, int count) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (gate.waitingCount() < count) {
            assertThat(System.nanoTime())
                    .as("%d threads waiting at the gate", count)
                    .isLessThan(deadline);
            Thread.sleep(1);
        }
    }

    private static void awaitGranted(List<Lane> order, int count) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (order.size() < count) {
            assertThat(System.nanoTime()).as("%d slots granted", count).isLessThan(deadline);
            Thread.sleep(1);
        }
    }

    private static int longestRunWithout(List<Lane> order, Lane lane) {
        int longest = 0;
        int run = 0;
        for (Lane granted : order) {
            run = granted == lane ? 0 : run + 1;
            longest = Math.max(longest, run);
        }
        return longest;
    }
}
