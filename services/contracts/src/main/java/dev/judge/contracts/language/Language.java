package dev.judge.contracts.language;

import java.time.Duration;
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
 * @param timeLimits how a problem's time limit is stretched for this language (a problem may set its own)
 */
public record Language(String name, String version, String sourceFile, List<String> compile, List<String> run,
        String selfCheck, TimeLimits timeLimits) {

    public Language {
        compile = compile == null ? List.of() : List.copyOf(compile);
        run = List.copyOf(run);
        timeLimits = timeLimits == null ? TimeLimits.UNCHANGED : timeLimits;
    }

    /**
     * A language's time limit = the problem's × factor + offset, so that one limit is fair to a
     * compiled program and to one whose runtime starts slower or runs slower.
     */
    public record TimeLimits(double factor, Duration offset) {

        public static final TimeLimits UNCHANGED = new TimeLimits(1, Duration.ZERO);

        public TimeLimits {
            offset = offset == null ? Duration.ZERO : offset;
            if (factor <= 0) {
                throw new IllegalArgumentException("A time factor must be positive: " + factor);
            }
        }

        public long applyTo(long timeLimitMs) {
            return Math.round(timeLimitMs * factor) + offset.toMillis();
        }
    }

    public boolean isCompiled() {
        return !compile.isEmpty();
    }
}
