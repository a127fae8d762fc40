package dev.judge.worker.judging;

/**
 * Thrown by whoever watches a judging test by test ({@link Judge#judge(dev.judge.contracts.JudgeRequest,
 * java.time.Instant, java.util.function.IntConsumer)}) to end it: passed on, never made a verdict.
 */
public class JudgingStopped extends RuntimeException {

    protected JudgingStopped(String message) {
        super(message);
    }
}
