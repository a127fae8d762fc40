package dev.judge.contracts;

/**
 * The PostgreSQL channel on which the result consumer announces a changed submission.
 *
 * <p>The consumer sends {@code pg_notify(CHANNEL, id)} in the transaction that records the change,
 * so the notice goes out exactly when the change becomes visible, to every API replica at once;
 * each replica then pushes the new state to its own server-sent-event listeners.
 */
public final class SubmissionNotifications {

    public static final String CHANNEL = "submission_updated";

    private SubmissionNotifications() {}
}
