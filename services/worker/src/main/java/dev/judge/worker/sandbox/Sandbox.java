package dev.judge.worker.sandbox;

import java.io.IOException;

/** Runs one untrusted program within limits. */
public interface Sandbox {

    /**
     * @throws IOException when the sandbox itself fails (not the program): the judge reports
     *         INTERNAL_ERROR rather than blaming the submission
     */
    RunOutcome run(RunSpec spec) throws IOException;
}
