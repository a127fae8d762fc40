package dev.judge.worker.lanes;

import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

import dev.judge.contracts.Lane;

/**
 * The worker's judging slots, shared by the lanes' listeners. Each lane has as many listener threads
 * as there are slots, so a submission of any lane can be waiting here while the slots are busy; when
 * one frees, it goes to a waiting submission of the first lane in {@link Lane} order (contest,
 * practice, rejudge), unless a lane with one waiting has been passed over {@code passedOverLimit}
 * times in a row: then to that lane (the most passed over, ties in lane order). So contest
 * submissions overtake every backlog, and a backlog still gets at least one slot in
 * {@code passedOverLimit + 1} while submissions of every lane wait.
 */
public class LaneGate {

    private final int passedOverLimit;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private final Map<Lane, Integer> waiting = new EnumMap<>(Lane.class);
    private final Map<Lane, Integer> passedOver = new EnumMap<>(Lane.class);
    private int free;

    public LaneGate(int slots, int passedOverLimit) {
        if (slots < 1 || passedOverLimit < 1) {
            throw new IllegalArgumentException("slots and passedOverLimit must be positive");
        }
        this.free = slots;
        this.passedOverLimit = passedOverLimit;
        for (Lane lane : Lane.values()) {
            waiting.put(lane, 0);
            passedOver.put(lane, 0);
        }
    }

    /** Waits for a slot for a submission of this lane; call {@link #release()} when it is judged. */
    public void acquire(Lane lane) throws InterruptedException {
        lock.lock();
        try {
            waiting.merge(lane, 1, Integer::sum);
            try {
                while (free == 0 || next() != lane) {
                    changed.await();
                }
            } finally {
                waiting.merge(lane, -1, Integer::sum);
            }
            free--;
            for (Lane other : Lane.values()) {
                passedOver.put(other, other == lane || waiting.get(other) == 0 ? 0 : passedOver.get(other) + 1);
            }
            // Another slot may still be free for the lane that is next now.
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    public void release() {
        lock.lock();
        try {
            free++;
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** Submissions held by listener threads waiting for a slot, of every lane. */
    int waitingCount() {
        lock.lock();
        try {
            return waiting.values().stream().mapToInt(Integer::intValue).sum();
        } finally {
            lock.unlock();
        }
    }

    /** Which lane the next free slot goes to; null when nothing waits. Call with the lock held. */
    private Lane next() {
        Lane first = null;
        Lane mostPassedOver = null;
        for (Lane lane : Lane.values()) {
            if (waiting.get(lane) == 0) {
                continue;
            }
            if (first == null) {
                first = lane;
            }
            if (passedOver.get(lane) >= passedOverLimit
                    && (mostPassedOver == null || passedOver.get(lane) > passedOver.get(mostPassedOver))) {
                mostPassedOver = lane;
            }
        }
        return mostPassedOver != null ? mostPassedOver : first;
    }
}
