package dev.judge.contracts.language;

import java.util.List;

/**
 * One entry of the language catalog ({@code judge-languages.yml}): how to build and run a program.
 *
 * <p>Commands run in the submission's own folder. The API shows them to users as documentation; the
 * worker runs them.
 *
 * @param name what users see, e.g. "Python 3"
 * @param version the toolchain version the worker images ship
 * @param sourceFile the name the source is saved under, e.g. {@code Main.java}
 * @param compile the compile command; empty for interpreted languages
 * @param run the run command
 * @param selfCheck a program that prints "ok": every worker compiles and runs it at start-up
 */
public record Language(String name, String version, String sourceFile, List<String> compile, List<String> run,
        String selfCheck) {

    public Language {
        compile = compile == null ? List.of() : List.copyOf(compile);
        run = List.copyOf(run);
    }

    public boolean isCompiled() {
        return !compile.isEmpty();
    }
}
