package dev.judge.api.problem.importing.archive;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

import org.apache.commons.compress.archivers.zip.ZipArchiveEntry;
import org.apache.commons.compress.archivers.zip.ZipArchiveOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Symbolic links in a package's zip (the problem package format allows links to other files in the
 * package; problemtools' own examples use them for tests two groups share): followed within the zip alone,
 * and a hostile one (out of the package, absolute, to a folder, to nothing, a loop) refused by name.
 */
class PackageArchiveTests {

    private static final PackageArchive.Limits LIMITS = new PackageArchive.Limits(1 << 20, 1 << 20, 1 << 22, 100, 10);

    @TempDir
    Path folder;

    @Test
    void aLinkToAnotherFileOfThePackageReadsAsThatFile() throws IOException {
        Map<String, String> links = Map.of("p/data/secret/g2/1.in", "../g1/1.in", "p/data/secret/g2/2.in", "1.in");

        try (PackageArchive archive = PackageArchive.open(zip(links), LIMITS)) {
            assertThat(archive.files()).contains("p/data/secret/g2/1.in");
            assertThat(archive.has("p/data/secret/g2/1.in")).isTrue();
            assertThat(new String(archive.testFile("p/data/secret/g2/1.in"), StandardCharsets.UTF_8))
                    .isEqualTo("5\n");
            assertThat(new String(archive.testFile("p/data/secret/g2/2.in"), StandardCharsets.UTF_8))
                    .as("a link to a link")
                    .isEqualTo("5\n");
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            out of the package     | ../../../../../etc/passwd | a link out of the package
            an absolute path       | /etc/passwd               | a link out of the package
            a folder               | ..                        | no file in the package
            nothing                | ../g1/9.in                | no file in the package
            itself, in a loop      | 1.in                      | in a loop
            """)
    void aLinkThatLeadsNowhereInThePackageIsRefusedByName(String to, String target, String reason) throws IOException {
        try (PackageArchive archive = PackageArchive.open(zip(Map.of("p/data/secret/g2/1.in", target)), LIMITS)) {
            assertThatThrownBy(() -> archive.testFile("p/data/secret/g2/1.in"))
                    .isInstanceOfSatisfying(InvalidPackageException.class, refused -> {
                        assertThat(refused.file()).isEqualTo("p/data/secret/g2/1.in");
                        assertThat(refused.getMessage()).contains(reason);
                    });
        }
    }

    /** A package with p/data/secret/g1/1.in ("5") and these links, by path to their targets. */
    private Path zip(Map<String, String> links) throws IOException {
        Map<String, String> files = new LinkedHashMap<>();
        files.put("p/data/secret/g1/1.in", "5\n");
        Path zip = folder.resolve("package.zip");
        try (OutputStream out = Files.newOutputStream(zip);
                ZipArchiveOutputStream entries = new ZipArchiveOutputStream(out)) {
            files.forEach((path, content) -> write(entries, path, content, 0100644));
            links.forEach((path, target) -> write(entries, path, target, 0120777));
        }
        return zip;
    }

    private static void write(ZipArchiveOutputStream entries, String path, String content, int unixMode) {
        try {
            ZipArchiveEntry entry = new ZipArchiveEntry(path);
            entry.setUnixMode(unixMode);
            entries.putArchiveEntry(entry);
            entries.write(content.getBytes(StandardCharsets.UTF_8));
            entries.closeArchiveEntry();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
