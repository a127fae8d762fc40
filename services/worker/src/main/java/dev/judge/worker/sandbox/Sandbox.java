package dev.judge.worker.sandbox;

import java.io.IOException;
import java.nio.file.Path;

/**
 * One sandbox: a folder the worker writes the source into, and runs inside namespaces of their own.
 * Every run starts with no process of an earlier run alive. Closing it kills everything in it and
 * deletes its folder.
 */
public interface Sandbox extends AutoCloseable {

    /** The sandbox's working folder as the worker sees it; the program sees it as its cwd. */
    Path folder();

    /**
     * Runs a program to completion or to a limit.
     *
     * @throws IOException when the sandbox itself fails, or the program cannot be started at all
     *         (a missing toolchain): the judge's fault, not the program's
     */
    RunOutcome run(RunSpec spec) throws IOException;

    /** The file holding all the last run printed (its outcome holds it as text). */
    Path lastStdout();

    /**
     * Runs a program here and another in {@code peer} (a sandbox of the same pool) at once, the
     * stdout of each piped into the stdin of the other: a contestant and an interactor. Their
     * {@code stdin} is ignored.
     *
     * @throws IOException as {@link #run}
     */
    Conversation converse(RunSpec spec, Sandbox peer, RunSpec peerSpec) throws IOException;

    /** The outcomes of a {@link #converse}: this sandbox's run and the peer's. */
    record Conversation(RunOutcome here, RunOutcome peer) {}

    @Override
    void close();
}
