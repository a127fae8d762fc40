package dev.judge.worker.judging;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import dev.judge.contracts.language.Language;
import dev.judge.contracts.language.LanguageCatalog;

/**
 * The worker image's build step that proves its toolchains: every language's self-check program from
 * the catalog compiled and run as the catalog says, without a sandbox (an image build has none), and
 * its output compared with "ok". An image's toolchains cannot change after it is built, so a worker
 * started from one judges a single language in the sandbox at start ({@code judge.worker.self-check-languages},
 * {@link LanguageSelfCheck}) instead of every language, which is most of its start on a busy node.
 *
 * <pre>java -cp judge-worker.jar dev.judge.worker.judging.ToolchainCheck</pre>
 */
public final class ToolchainCheck {

    private static final long COMPILE_TIMEOUT_S = 120;
    private static final long RUN_TIMEOUT_S = 60;

    private ToolchainCheck() {}

    public static void main(String[] args) throws IOException {
        LanguageCatalog catalog = LanguageCatalog.shipped();
        Path work = Files.createTempDirectory("toolchain-check");
        List<String> failures = failures(catalog, work);
        if (!failures.isEmpty()) {
            failures.forEach(System.err::println);
            System.exit(1);
        }
        System.out.println(
                "Toolchains checked: " + String.join(", ", catalog.languages().keySet()));
    }

    /** One line per language whose self-check did not compile, run or print "ok"; none if all did. */
    static List<String> failures(LanguageCatalog catalog, Path work) throws IOException {
        List<String> failures = new ArrayList<>();
        for (Map.Entry<String, Language> entry : catalog.languages().entrySet()) {
            Language language = entry.getValue();
            Path folder = Files.createDirectories(work.resolve(entry.getKey()));
            Files.writeString(folder.resolve(language.sourceFile()), language.selfCheck());
            String failure =
                    language.isCompiled() ? run(folder, language.compile(), COMPILE_TIMEOUT_S, 0, false) : null;
            if (failure == null) {
                // A language of input validators alone prints no "ok": it exits as a valid input's.
                failure = run(
                        folder,
                        language.run(),
                        RUN_TIMEOUT_S,
                        language.selfCheckExitCode(),
                        !language.inputValidatorsOnly());
            }
            if (failure != null) {
                failures.add("The language '%s' failed its self-check: %s".formatted(entry.getKey(), failure));
            }
        }
        return failures;
    }

    /** Null if the command exited with {@code exitCode} (and, if it must, printed "ok"); else why not. */
    private static String run(
            Path folder, List<String> command, long timeoutSeconds, int exitCode, boolean mustPrintOk) {
        try {
            // Output to a file, not a pipe: a command that hangs is then stopped by the timeout.
            Path output = folder.resolve("toolchain-check.out");
            Process process = new ProcessBuilder(command)
                    .directory(folder.toFile())
                    .redirectErrorStream(true)
                    .redirectOutput(output.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .start();
            if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                return "%s took longer than %d s".formatted(command, timeoutSeconds);
            }
            String printed = new String(Files.readAllBytes(output), StandardCharsets.UTF_8);
            if (process.exitValue() != exitCode) {
                return "%s exited with %d: %s".formatted(command, process.exitValue(), printed.strip());
            }
            if (mustPrintOk && !printed.strip().equals("ok")) {
                return "%s printed %s, not ok".formatted(command, printed.strip());
            }
            return null;
        } catch (IOException e) {
            return "%s could not start: %s".formatted(command, e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "%s was interrupted".formatted(command);
        }
    }
}
