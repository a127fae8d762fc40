package dev.judge.worker.sandbox;

import java.io.IOException;

import dev.judge.contracts.language.Language;

/**
 * Hands out sandboxes: one per submission, used for its compilation and every run, then thrown away.
 * Each is one language's: its root is that language's image (or the host's toolchain paths, where
 * the worker runs without images), and its runs get that language's environment.
 */
public interface Sandboxes {

    /**
     * @throws IOException when no sandbox can be had (the language's image is not mounted, say): the
     *         judge reports INTERNAL_ERROR
     */
    Sandbox open(Language language) throws IOException;
}
