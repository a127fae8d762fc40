package dev.judge.worker.judging;

import java.util.List;

import dev.judge.contracts.language.Language;

/** Catalog entries tests make up: a toolchain no worker has, a compiler pinned to one CPU. */
final class TestLanguages {

    private TestLanguages() {}

    /** A language whose toolchain no machine here has: Forth, by gforth. */
    static Language missing() {
        return of("forth", "Forth", "main.fs", List.of(), List.of("gforth", "main.fs"), ".( ok) cr bye");
    }

    /** An entry with no image (the host's toolchains), no special limits, in no default set. */
    static Language of(
            String id, String name, String sourceFile, List<String> compile, List<String> run, String selfCheck) {
        return new Language(
                id,
                name,
                "test",
                null,
                sourceFile,
                compile,
                run,
                null,
                selfCheck,
                null,
                null,
                null,
                null,
                false,
                null,
                null,
                null,
                null,
                false);
    }
}
