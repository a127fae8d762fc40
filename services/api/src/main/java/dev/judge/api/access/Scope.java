package dev.judge.api.access;

/** What an API key may do, as the admin sets it when making the key. */
public enum Scope {
    /** Submit to the problems open to it (its own, and public ones), and read its own submissions. */
    SUBMIT,
    /** Make problems, and change, read the tests and the setters' code of its own. */
    PROBLEMS
}
