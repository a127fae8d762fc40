package dev.judge.worker.judging;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

import dev.judge.contracts.language.Language;
import dev.judge.worker.sandbox.RunOutcome;
import dev.judge.worker.sandbox.RunSpec;
import dev.judge.worker.sandbox.Sandbox;

/** Compiles what is in a sandbox's folder as the language catalog says: a submission or a setter's program. */
public final class Compiler {

    /**
     * @param messages the compiler's messages (size-capped), with the limit it ran into, if any
     * @param outOfTime stopped by its time limit: on a busy machine the same source may build next time
     */
    record Compiled(boolean succeeded, String messages, boolean outOfTime) {}

    private Compiler() {}

    static Compiled compile(Sandbox box, Language language, WorkerProperties properties) throws IOException {
        // Per compiler where the catalog measured one (kotlinc, scalac, GHC take seconds for a small program).
        Duration limit =
                language.compileTimeLimit() != null ? language.compileTimeLimit() : properties.compileTimeLimit();
        RunSpec compile = new RunSpec(
                language.compile(),
                null,
                limit,
                limit.multipliedBy(2),
                properties.maxMemoryLimit().toBytes(),
                properties.outputLimit().toBytes());
        RunOutcome compiled = box.run(compile);
        String messages = truncate(
                compiled.stderr() + compiled.stdout(),
                properties.compilerOutputLimit().toBytes());
        if (RunVerdicts.succeeded(compiled, compile)) {
            return new Compiled(true, messages, false);
        }
        RunVerdicts.Termination termination = RunVerdicts.termination(compiled, compile);
        String reason = switch (termination) {
            case TIME_LIMIT ->
                "\n[compilation took longer than " + compile.timeLimit().toSeconds() + " s of CPU or "
                        + compile.wallLimit().toSeconds() + " s by the clock]";
            case MEMORY_LIMIT -> "\n[compilation ran out of memory]";
            case OUTPUT_LIMIT -> "\n[compiler output was too large]";
            case EXITED -> "";
        };
        return new Compiled(false, messages + reason, termination == RunVerdicts.Termination.TIME_LIMIT);
    }

    public static String truncate(String text, long maxBytes) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        if (bytes.length <= maxBytes) {
            return text;
        }
        // Decoding a cut-off multi-byte character yields a replacement character, which is fine here.
        return new String(bytes, 0, (int) maxBytes, StandardCharsets.UTF_8) + "\n[truncated]";
    }
}
