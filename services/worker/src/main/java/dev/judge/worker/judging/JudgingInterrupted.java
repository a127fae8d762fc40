package dev.judge.worker.judging;

/**
 * A judging whose thread was interrupted: the worker is stopping past its drain timeout (a run, or the
 * pause before a starved run is made again, was cut short). Passed on, never made a verdict, so that
 * the submission goes back to its queue for another worker.
 */
public class JudgingInterrupted extends JudgingStopped {

    JudgingInterrupted(Throwable cause) {
        super("Interrupted while judging: " + cause.getMessage());
        initCause(cause);
    }
}
