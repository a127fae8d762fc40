package dev.judge.worker.judging;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.stream.Stream;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import org.springframework.util.FileSystemUtils;

import dev.judge.contracts.Checker;
import dev.judge.contracts.ProblemProgram;
import dev.judge.contracts.ProgramFiles;
import dev.judge.contracts.language.Language;
import dev.judge.contracts.language.LanguageCatalog;
import dev.judge.worker.sandbox.Sandbox;
import dev.judge.worker.sandbox.SandboxFiles;
import dev.judge.worker.sandbox.SandboxProperties;
import dev.judge.worker.sandbox.Sandboxes;

/**
 * The programs problem setters write (custom checkers, interactors), built once per content in a
 * sandbox like any submission and kept on this worker's disk, so that a burst of submissions to one
 * problem compiles its checker once, not once each (one including testlib.h is a large C++ compilation).
 * Bounded by {@code judge.worker.setter-cache-size}, least recently used out first.
 *
 * <p>A program that includes testlib.h without uploading one gets the judge's bundled copy
 * ({@code judge.worker.testlib-header}) beside it; one the setter uploads wins.
 */
@Component
public class SetterPrograms {

    private static final Logger log = LoggerFactory.getLogger(SetterPrograms.class);

    /** Each test's files in the setter program's folder, given to it as testlib's three arguments. */
    static final String INPUT = ProgramFiles.INPUT;

    static final String OUTPUT = ProgramFiles.OUTPUT;
    static final String ANSWER = ProgramFiles.ANSWER;
    /** What an interactor or checker of a multi-pass problem leaves in its folder for the next pass's input (Kattis' name). */
    static final String NEXT_PASS = "nextpass.in";
    /** A package output validator's feedback folder, given as its third argument: its own folder. */
    static final String FEEDBACK_DIRECTORY = "./";

    static final String TESTLIB = "testlib.h";

    /**
     * A built program, or why it could not be built.
     *
     * @param folder what to copy into a sandbox to run it; null when it failed
     * @param failure why it could not be built (the compiler's messages); null when built
     * @param mayBuildNextTime a failure that depends on the machine (the compilation ran out of time):
     *        not remembered, so that the next one to ask builds it again
     */
    public record Built(Language language, Path folder, String failure, boolean mayBuildNextTime) {

        Built(Language language, Path folder, String failure) {
            this(language, folder, failure, false);
        }

        public boolean failed() {
            return failure != null;
        }

        /** Copies it into a sandbox's folder, readable and runnable by whatever uid the sandbox runs as. */
        public void copyInto(Path target) throws IOException {
            SandboxFiles.copyTree(folder, target);
        }

        /** The command that runs it on one test, with testlib's arguments. */
        public List<String> command() {
            return command(List.of(INPUT, OUTPUT, ANSWER));
        }

        public List<String> command(List<String> arguments) {
            return Stream.concat(language.run().stream(), arguments.stream()).toList();
        }
    }

    private final Sandboxes sandboxes;
    private final LanguageCatalog languages;
    private final WorkerProperties properties;
    private final Path cache;
    private final Map<String, CompletableFuture<Built>> builds;
    /** The bundled testlib.h's content and a hash of it; null when none is bundled. */
    private final String testlib;

    private final String testlibHash;

    public SetterPrograms(
            Sandboxes sandboxes,
            LanguageCatalog languages,
            WorkerProperties properties,
            SandboxProperties sandboxProperties) {
        this.sandboxes = sandboxes;
        this.languages = languages;
        this.properties = properties;
        this.cache = sandboxProperties.workDir().resolve("setter-programs");
        this.testlib = bundledTestlib(properties.testlibHeader());
        this.testlibHash = testlib == null ? null : sha256(testlib);
        this.builds = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, CompletableFuture<Built>> eldest) {
                boolean full = size() > properties.setterCacheSize();
                if (full) {
                    eldest.getValue().thenAccept(built -> forget(built));
                }
                return full;
            }
        };
    }

    private static String bundledTestlib(Path header) {
        if (header == null || !Files.isRegularFile(header)) {
            log.info(
                    "No testlib.h bundled (judge.worker.testlib-header={}): setters' programs that include it must upload it",
                    header);
            return null;
        }
        try {
            return Files.readString(header);
        } catch (IOException e) {
            throw new IllegalStateException("Cannot read judge.worker.testlib-header " + header, e);
        }
    }

    private static String sha256(String text) {
        try {
            return HexFormat.of()
                    .formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("Every JVM has SHA-256", e);
        }
    }

    /** Whether the bundled testlib.h goes beside this program: it includes one and brings none. */
    private boolean needsBundledTestlib(ProblemProgram program) {
        return testlib != null
                && !program.files().containsKey(TESTLIB)
                && program.sourceCode().contains(TESTLIB);
    }

    /** The checker's program built when it is the setter's own; null for a built-in checker, or none. */
    Built buildIfCustom(Checker checker) throws IOException {
        return checker != null && checker.isCustom() ? build(checker.program()) : null;
    }

    /** The built program: from this worker's cache, or built now (once, however many ask at the same time). */
    public Built build(ProblemProgram program) throws IOException {
        // The bundled header is part of what is built: another one (a new image) builds it anew.
        String hash = needsBundledTestlib(program)
                ? program.contentHash() + "-" + testlibHash.substring(0, 16)
                : program.contentHash();
        CompletableFuture<Built> build;
        boolean mine = false;
        synchronized (builds) {
            build = builds.get(hash);
            if (build == null) {
                build = new CompletableFuture<>();
                builds.put(hash, build);
                mine = true;
            }
        }
        if (mine) {
            try {
                Built built = buildNow(program, hash);
                if (built.mayBuildNextTime()) {
                    // Those waiting on this build get its failure; whoever asks after builds anew.
                    synchronized (builds) {
                        builds.remove(hash, build);
                    }
                }
                build.complete(built);
            } catch (IOException | RuntimeException e) {
                // The sandbox failed, not the program: let the next submission try again.
                synchronized (builds) {
                    builds.remove(hash, build);
                }
                build.completeExceptionally(e);
            }
        }
        try {
            return build.get();
        } catch (ExecutionException e) {
            throw e.getCause() instanceof IOException io
                    ? io
                    : new IOException("Building a setter's program failed", e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("Interrupted while a setter's program was built", e);
        }
    }

    private Built buildNow(ProblemProgram program, String hash) throws IOException {
        Language language = languages.find(program.language()).orElse(null);
        if (language == null) {
            return new Built(null, null, "This worker does not know the language " + program.language() + ".");
        }
        for (String name : program.files().keySet()) {
            if (ProgramFiles.refusal(name).isPresent() || name.equals(language.sourceFile())) {
                return new Built(language, null, "A setter's file may not be named \"" + name + "\".");
            }
        }
        long started = System.nanoTime();
        try (Sandbox box = sandboxes.open(language)) {
            SandboxFiles.writeFresh(box.folder().resolve(language.sourceFile()), program.sourceCode());
            for (Map.Entry<String, String> file : program.files().entrySet()) {
                SandboxFiles.writeFresh(box.folder().resolve(file.getKey()), file.getValue());
            }
            if (needsBundledTestlib(program)) {
                SandboxFiles.writeFresh(box.folder().resolve(TESTLIB), testlib);
            }
            if (language.isCompiled()) {
                Compiler.Compiled compiled =
                        Compiler.compile(box, language.withCompileOptions(program.compileOptions()), properties);
                if (!compiled.succeeded()) {
                    return new Built(language, null, compiled.messages(), compiled.outOfTime());
                }
            }
            Path folder = cache.resolve(hash);
            Path partial = cache.resolve(hash + ".partial");
            FileSystemUtils.deleteRecursively(partial);
            Files.createDirectories(partial);
            new Built(language, box.folder(), null).copyInto(partial);
            FileSystemUtils.deleteRecursively(folder);
            Files.move(partial, folder, StandardCopyOption.ATOMIC_MOVE);
            log.info(
                    "Built a {} setter program {} in {} ms",
                    program.language(),
                    hash.substring(0, 12),
                    (System.nanoTime() - started) / 1_000_000);
            return new Built(language, folder, null);
        }
    }

    private static void forget(Built built) {
        if (built.folder() != null) {
            try {
                FileSystemUtils.deleteRecursively(built.folder());
            } catch (IOException e) {
                log.warn("Could not delete {}: {}", built.folder(), e.getMessage());
            }
        }
    }
}
