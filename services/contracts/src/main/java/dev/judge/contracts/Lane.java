package dev.judge.contracts;

/**
 * The priority lanes of judging, each its own request queue, in the order workers take from them:
 * contest submissions first, then practice, then rejudges. A worker gives a free slot to the first
 * lane in this order that has a submission waiting, except that a lane passed over
 * {@code judge.worker.lanes.passed-over-limit} times in a row gets the next one, so that no lane
 * waits forever behind the others (the worker's LaneGate).
 *
 * <p>Practice keeps the queue that all requests went to before lanes existed, so that API and
 * worker pods of the release before keep working during a rolling upgrade.
 */
public enum Lane {
    CONTEST(JudgeQueues.SUBMISSIONS_CONTEST),
    PRACTICE(JudgeQueues.SUBMISSIONS_PRACTICE),
    REJUDGE(JudgeQueues.SUBMISSIONS_REJUDGE);

    private final String queue;

    Lane(String queue) {
        this.queue = queue;
    }

    /** The request queue of this lane, which is also its routing key on the submissions exchange. */
    public String queue() {
        return queue;
    }
}
