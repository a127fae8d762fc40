package dev.judge.api.problem;

/** Who may submit to a problem and read its statement (its owner and the admin always may). */
public enum Submitters {
    /** Its owner alone: the key that made it, or, for a problem the admin made, only the admin. */
    OWNER,
    /** Any caller. */
    PUBLIC
}
