package dev.judge.contracts;

/**
 * The PostgreSQL channel on which the result consumer announces that a problem version's preparation
 * ended (READY or FAILED), as {@code pg_notify(CHANNEL, "<problem>/<version>")} in the transaction that
 * records it: every API replica then sends the next of that owner's versions waiting to be prepared at
 * once, rather than at its next sweep.
 */
public final class PreparationNotifications {

    public static final String CHANNEL = "preparation_ended";

    private PreparationNotifications() {}
}
