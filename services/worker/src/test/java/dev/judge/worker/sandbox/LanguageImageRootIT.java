package dev.judge.worker.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.util.FileSystemUtils;

import dev.judge.contracts.language.Language;
import dev.judge.contracts.language.LanguageCatalog;

/**
 * A run's root is its language's image and nothing of the worker's: two images made here (a static
 * probe program, a marker file each), one pool that finds them where the chart mounts them, one
 * folder per image.
 */
class LanguageImageRootIT {

    private static final Path IMAGES = TestSandboxes.WORK_DIR.resolveSibling("language-images");
    private static Language alpha;
    private static Language beta;
    private static Sandboxes pool;

    @BeforeAll
    static void makeImagesAndStartAPoolOnThem() throws Exception {
        FileSystemUtils.deleteRecursively(IMAGES);
        Path source = Path.of("src/test/resources/sandbox/root-probe.c").toAbsolutePath();
        for (String id : List.of("alpha", "beta")) {
            Path image = Files.createDirectories(IMAGES.resolve(folderOf(id)));
            Files.createDirectories(image.resolve("bin"));
            Files.writeString(image.resolve(id + "-marker"), id);
            // Writable by anyone as files go: only the read-only mount may stop a run writing them.
            Files.setPosixFilePermissions(image.resolve(id + "-marker"), PosixFilePermissions.fromString("rw-rw-rw-"));
            Files.setPosixFilePermissions(image.resolve("bin"), PosixFilePermissions.fromString("rwxrwxrwx"));
            Process gcc = new ProcessBuilder(
                            "gcc",
                            "-static",
                            "-O2",
                            "-o",
                            image.resolve("bin/probe").toString(),
                            source.toString())
                    .inheritIO()
                    .start();
            assertThat(gcc.waitFor()).isZero();
        }
        // What an image should not hold at its top: a FIFO is left out; a link stays a link, inside.
        Path alphaImage = IMAGES.resolve(folderOf("alpha"));
        assertThat(new ProcessBuilder("mkfifo", alphaImage.resolve("fifo").toString())
                        .start()
                        .waitFor())
                .isZero();
        Files.createSymbolicLink(alphaImage.resolve("tools"), Path.of("bin"));
        Files.createSymbolicLink(alphaImage.resolve("host-etc"), Path.of("/etc"));

        alpha = language("alpha", "hello from alpha");
        beta = language("beta", "hello from beta");
        pool = TestSandboxes.startPool(
                TestSandboxes.sandboxProperties(Map.of("judge.sandbox.language-images", IMAGES.toString())),
                new LanguageCatalog(Map.of("alpha", alpha, "beta", beta)));
    }

    @AfterAll
    static void stop() throws IOException {
        if (pool != null) {
            TestSandboxes.stop(pool);
        }
        FileSystemUtils.deleteRecursively(IMAGES);
    }

    /** Where the pool looks for a test image: the chart's folder name for {@code test/<id>:1}. */
    private static String folderOf(String id) {
        return "test_" + id + "_1";
    }

    private static Language language(String id, String greeting) {
        return new Language(
                id,
                id,
                "1",
                "test/" + id + ":1",
                "main.txt",
                List.of(),
                List.of("probe"),
                Map.of("PATH", "/bin", "GREETING", greeting),
                "",
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

    private static String probe(Language language, String... paths) throws IOException {
        try (Sandbox box = pool.open(language)) {
            List<String> command =
                    Stream.concat(Stream.of("probe"), Stream.of(paths)).toList();
            RunOutcome outcome = box.run(
                    new RunSpec(command, null, Duration.ofSeconds(2), Duration.ofSeconds(10), 64L << 20, 1 << 20));
            assertThat(outcome.exitedZero()).as(outcome.toString()).isTrue();
            return outcome.stdout();
        }
    }

    @Test
    void aProgramSeesItsOwnImageAndItsLanguagesEnvironment() throws IOException {
        assertThat(probe(alpha, "/alpha-marker", "/tools/probe"))
                .contains("GREETING=hello from alpha")
                .contains("/alpha-marker: readable")
                .contains("/tools/probe: readable");
        assertThat(probe(beta, "/beta-marker")).contains("GREETING=hello from beta", "/beta-marker: readable");
    }

    @Test
    void aProgramSeesNothingOfAnotherLanguageOrOfTheWorker() throws IOException {
        Path workerClasses = Path.of("target/classes/application.properties").toAbsolutePath();
        Path hostToolchainFile = Path.of("/usr/lib/os-release");
        assertThat(workerClasses).exists();
        assertThat(hostToolchainFile).exists();
        assertThat(probe(
                        alpha,
                        "/beta-marker",
                        IMAGES.resolve(folderOf("beta") + "/beta-marker").toString(),
                        workerClasses.toString(),
                        hostToolchainFile.toString(),
                        "/host-etc/passwd",
                        "/var/run/secrets/kubernetes.io/serviceaccount/token",
                        "/fifo"))
                .contains("JAVA_HOME=(unset)")
                .contains("/beta-marker: missing")
                .contains(IMAGES.resolve(folderOf("beta") + "/beta-marker") + ": missing")
                .contains(workerClasses + ": missing")
                .contains(hostToolchainFile + ": missing")
                // A link in the image resolves inside the sandbox, where there is no /etc.
                .contains("/host-etc/passwd: missing")
                .contains("/var/run/secrets/kubernetes.io/serviceaccount/token: missing")
                .contains("/fifo: missing");
    }

    @Test
    void theImageIsReadOnlyAndOnlyTheRunsFolderTakesWrites() throws IOException {
        assertThat(probe(alpha, "+/alpha-marker", "+/bin/planted", "+/planted", "+/box/kept"))
                .contains("+/alpha-marker: Read-only file system")
                .contains("+/bin/planted: Read-only file system")
                .contains("+/planted: Read-only file system")
                .contains("+/box/kept: written");
        assertThat(IMAGES.resolve(folderOf("alpha") + "/bin/planted")).doesNotExist();
    }

    @Test
    void aLanguageWhoseImageIsNotMountedIsNamedAtStartAndWhenOpened() {
        Language gamma = language("gamma", "never");
        assertThatThrownBy(() -> TestSandboxes.startPool(
                        TestSandboxes.sandboxProperties(Map.of(
                                "judge.sandbox.language-images", IMAGES.toString(),
                                "judge.sandbox.work-dir",
                                        IMAGES.resolveSibling("images-missing").toString())),
                        new LanguageCatalog(Map.of("alpha", alpha, "gamma", gamma))))
                .hasMessageContaining("gamma (test/gamma:1 at " + IMAGES.resolve("test_gamma_1") + ")");
        assertThatThrownBy(() -> pool.open(gamma))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("gamma");
    }
}
