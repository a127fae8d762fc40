package dev.judge.worker.problemtests;

/**
 * A problem's tests could not be fetched (the API unreachable, refusing the worker, or sending
 * something else than the reference promised). Not the submission's fault: its request goes back to
 * the queue, and the queue's delivery limit dead-letters it if this keeps happening.
 */
public class TestDataUnavailableException extends RuntimeException {

    TestDataUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
