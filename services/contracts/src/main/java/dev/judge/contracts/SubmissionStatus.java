package dev.judge.contracts;

/** Where a submission is on its way through the system. Only ever moves forward. */
public enum SubmissionStatus {
    /** Stored by the API; waiting on (or for) the request queue. */
    QUEUED,
    /** A worker took it and is compiling or running it. */
    RUNNING,
    /** A verdict is recorded. */
    FINISHED
}
