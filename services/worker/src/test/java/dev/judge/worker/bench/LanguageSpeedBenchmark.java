package dev.judge.worker.bench;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import dev.judge.contracts.language.Language;
import dev.judge.contracts.language.LanguageCatalog;
import dev.judge.worker.sandbox.RunOutcome;
import dev.judge.worker.sandbox.RunSpec;
import dev.judge.worker.sandbox.Sandbox;
import dev.judge.worker.sandbox.Sandboxes;
import dev.judge.worker.sandbox.TestSandboxes;

/**
 * What each language costs against C++, to set its time factor and offset from a measurement: every
 * catalog language's program in {@code src/test/resources/language-speed} (by its source file's name,
 * so C++17 and C++20 share one, or in a folder named after the language) reads and sums 200,000 lines, and its self-check stands for a program
 * that does nothing, each run in the real sandbox on the host's toolchains, the languages taken in
 * turn round after round so that the machine's load falls on all alike. Not a test; run with
 * {@code make bench-languages} ({@code LANGUAGES=kotlin,scala} for some, beside C++). Arguments: rounds
 * (default 5), lines (default 200000), the languages' ids (default all; C++ always, the scale).
 *
 * <p>Reported per language: the median CPU time of the sum and of the empty program (its start-up),
 * the compile's CPU time, and the sum's CPU time over C++'s. The catalog's {@code time-limits} come
 * from these: offset ≈ the start-up beyond C++'s, factor ≈ the rest over C++'s rest (docs/languages.md).
 */
public final class LanguageSpeedBenchmark {

    private static final Duration LIMIT = Duration.ofSeconds(20);
    private static final long MEMORY = 1024L << 20;

    private record Measured(List<Long> sumMs, List<Long> emptyMs, long compileMs) {}

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        int lines = args.length > 1 ? Integer.parseInt(args[1]) : 200_000;
        List<String> only = args.length > 2 && !args[2].isBlank() ? List.of((args[2] + ",cpp").split(",")) : null;
        StringBuilder input = new StringBuilder();
        long expected = 0;
        long value = 12345;
        for (int i = 0; i < lines; i++) {
            value = (value * 1103515245 + 12345) % 2_000_000_001L;
            long number = value - 1_000_000_000L;
            expected += number;
            input.append(number).append('\n');
        }
        Sandboxes sandboxes = TestSandboxes.startPool(TestSandboxes.sandboxProperties(Map.of()));
        Map<String, Measured> measured = new TreeMap<>();
        try {
            Map<String, Language> languages = new TreeMap<>();
            for (Language language : LanguageCatalog.shipped().languages().values()) {
                if (LanguageSpeedBenchmark.class.getResource(programPath(language)) != null
                        && (only == null || only.contains(language.id()))) {
                    languages.put(language.id(), language);
                    measured.put(language.id(), new Measured(new ArrayList<>(), new ArrayList<>(), 0));
                }
            }
            for (int round = 0; round < rounds; round++) {
                for (Language language : languages.values()) {
                    Measured so = measured.get(language.id());
                    long compileMs = so.compileMs();
                    // The sum's compilation first, in a fresh sandbox: what a submission's costs (Go's
                    // builds its standard library into the sandbox's /tmp, which the next one reuses).
                    try (Sandbox box = sandboxes.open(language)) {
                        long compiled = compile(box, language, program(language));
                        compileMs = Math.max(compileMs, compiled);
                        so.sumMs().add(runMs(box, language, input.toString(), Long.toString(expected)));
                        so.emptyMs().add(cpuMs(box, language, language.selfCheck(), "", "ok"));
                    }
                    measured.put(language.id(), new Measured(so.sumMs(), so.emptyMs(), compileMs));
                }
            }
        } finally {
            TestSandboxes.stop(sandboxes);
        }
        print(measured, lines, rounds);
    }

    private static String program(Language language) throws IOException {
        try (InputStream source = LanguageSpeedBenchmark.class.getResourceAsStream(programPath(language))) {
            return new String(source.readAllBytes());
        }
    }

    /** A language's own program where two share a source file's name (Perl's and Prolog's main.pl). */
    private static String programPath(Language language) {
        String own = "/language-speed/" + language.id() + "/" + language.sourceFile();
        return LanguageSpeedBenchmark.class.getResource(own) != null ? own : "/language-speed/" + language.sourceFile();
    }

    /** Compiles the program (none for interpreted languages); its CPU time in ms. */
    private static long compile(Sandbox box, Language language, String source) throws IOException {
        Files.writeString(box.folder().resolve(language.sourceFile()), source);
        if (!language.isCompiled()) {
            return 0;
        }
        RunOutcome compiled =
                box.run(new RunSpec(language.compile(), null, LIMIT, LIMIT.multipliedBy(2), MEMORY, 64L << 20));
        if (!compiled.exitedZero()) {
            throw new IllegalStateException(language.id() + " did not compile: " + compiled.stderr());
        }
        return compiled.cpuTime().toMillis();
    }

    private static long cpuMs(Sandbox box, Language language, String source, String stdin, String expected)
            throws IOException {
        compile(box, language, source);
        return runMs(box, language, stdin, expected);
    }

    private static long runMs(Sandbox box, Language language, String stdin, String expected) throws IOException {
        RunOutcome run = box.run(new RunSpec(language.run(), stdin, LIMIT, LIMIT.multipliedBy(2), MEMORY, 64L << 20));
        if (!run.exitedZero() || !run.stdout().strip().equals(expected)) {
            throw new IllegalStateException(
                    language.id() + " printed " + run.stdout().strip() + ", not " + expected + ": " + run);
        }
        return run.cpuTime().toMillis();
    }

    private static long median(List<Long> values) {
        List<Long> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        return sorted.get(sorted.size() / 2);
    }

    private static void print(Map<String, Measured> measured, int lines, int rounds) {
        Measured cpp = measured.get("cpp");
        long cppSum = median(cpp.sumMs());
        long cppEmpty = median(cpp.emptyMs());
        System.out.printf(
                "Summing %,d lines, median CPU of %d rounds, in the sandbox on the host's toolchains%n%n",
                lines, rounds);
        System.out.printf(
                "%-12s %9s %9s %9s %9s %12s%n",
                "language", "sum ms", "× C++", "empty ms", "compile ms", "factor (rest)");
        measured.forEach((id, of) -> {
            long sum = median(of.sumMs());
            long empty = median(of.emptyMs());
            double rest = Math.max(1, sum - empty) / (double) Math.max(1, cppSum - cppEmpty);
            System.out.printf(
                    "%-12s %9d %9.2f %9d %9d %12.2f%n",
                    id, sum, sum / (double) Math.max(1, cppSum), empty, of.compileMs(), rest);
        });
    }
}
