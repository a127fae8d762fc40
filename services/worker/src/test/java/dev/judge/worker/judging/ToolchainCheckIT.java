package dev.judge.worker.judging;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.judge.contracts.language.Language;
import dev.judge.contracts.language.LanguageCatalog;

/** The image build's toolchain check, on this machine's toolchains (the same Debian packages). */
class ToolchainCheckIT {

    @TempDir
    Path work;

    @Test
    void everyShippedLanguageCompilesRunsAndPrintsOk() throws IOException {
        assertThat(ToolchainCheck.failures(LanguageCatalog.shipped(), work)).isEmpty();
    }

    @Test
    void aMissingToolchainAndAProgramThatPrintsSomethingElseAreNamed() throws IOException {
        Language python = LanguageCatalog.shipped().find("python").orElseThrow();
        LanguageCatalog broken = new LanguageCatalog(Map.of(
                "python", python,
                "forth", TestLanguages.missing(),
                "shell", TestLanguages.of("shell", "sh", "main.sh", List.of(), List.of("sh", "main.sh"), "echo ko")));

        assertThat(ToolchainCheck.failures(broken, work))
                .satisfiesExactly(
                        forth -> assertThat(forth)
                                .startsWith("The language 'forth' failed")
                                .contains("could not start"),
                        shell -> assertThat(shell)
                                .startsWith("The language 'shell' failed")
                                .contains("printed ko"));
    }
}
