package dev.judge.worker.sandbox;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

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
     * Runs a manager here and, at once, each instance in its own sandbox of the same pool, connected to
     * the manager by a pair of pipes each and to nothing else: a communication task, or an interactive
     * one (one instance). Each instance reads the manager on its stdin and writes to it on its stdout;
     * the manager finds instance {@code i} (from 0) on descriptor {@code 3 + 2i} to read and
     * {@code 4 + 2i} to write, and the first instance on its stdin and stdout too (as a testlib
     * interactor expects). Every run keeps its own limits; the {@code stdin} of each is ignored.
     *
     * @throws IOException as {@link #run}
     */
    Communication communicate(RunSpec manager, List<Instance> instances) throws IOException;

    /** One instance of a {@link #communicate}: the sandbox it runs in, and its run. */
    record Instance(Sandbox box, RunSpec spec) {}

    /** The outcomes of a {@link #communicate}: the manager's, and each instance's in order. */
    record Communication(RunOutcome manager, List<RunOutcome> instances) {

        public Communication {
            instances = List.copyOf(instances);
        }
    }

    @Override
    void close();
}
