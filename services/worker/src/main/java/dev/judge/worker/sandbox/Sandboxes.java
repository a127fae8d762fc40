package dev.judge.worker.sandbox;

import java.io.IOException;

/** Hands out sandboxes: one per submission, used for its compilation and every run, then thrown away. */
public interface Sandboxes {

    /**
     * @throws IOException when no sandbox can be had: the judge reports INTERNAL_ERROR
     */
    Sandbox open() throws IOException;
}
