package dev.judge.contracts.language;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;
import org.springframework.util.unit.DataSize;

class LanguageCatalogTests {

    private static final LanguageCatalog SHIPPED = LanguageCatalog.shipped();

    @Test
    void everyEntryKnowsItsIdAndHasAnImageAndASelfCheck() {
        assertThat(SHIPPED.languages()).isNotEmpty();
        SHIPPED.languages().forEach((id, language) -> {
            assertThat(language.id()).isEqualTo(id);
            assertThat(language.image()).as(id).matches("[a-z0-9./-]+:[A-Za-z0-9._-]+");
            assertThat(language.selfCheck()).as(id).isNotBlank();
        });
    }

    @Test
    void aLanguageOfInputValidatorsAloneIsFoundForPackagesButNotForSubmissions() {
        assertThat(SHIPPED.forPackageFile("format.ctd", "INT(1, 10, n)")).contains("checktestdata");
        assertThat(SHIPPED.find("checktestdata")).isPresent();
        assertThat(SHIPPED.findForSubmissions("checktestdata")).isEmpty();
        assertThat(SHIPPED.findForSubmissions("python")).isPresent();
        assertThat(SHIPPED.forSubmissions()).doesNotContainKey("checktestdata").containsKey("python");
        assertThat(SHIPPED.find("checktestdata").orElseThrow().selfCheckExitCode())
                .isEqualTo(42);
        assertThat(SHIPPED.find("python").orElseThrow().selfCheckExitCode()).isZero();
    }

    @Test
    void aPolygonMaskCoversTheLanguagesWhoseTypesItMatches() {
        assertThat(SHIPPED.find("cpp").orElseThrow().polygonCovers("cpp.*")).isTrue();
        assertThat(SHIPPED.find("cpp").orElseThrow().polygonCovers("cpp.g++17")).isTrue();
        assertThat(SHIPPED.find("cpp").orElseThrow().polygonCovers("*")).isTrue();
        assertThat(SHIPPED.find("cpp").orElseThrow().polygonCovers("c.*")).isFalse();
        assertThat(SHIPPED.find("c").orElseThrow().polygonCovers("cpp.*")).isFalse();
        assertThat(SHIPPED.find("python").orElseThrow().polygonCovers("python.*"))
                .isTrue();
        assertThat(SHIPPED.find("python").orElseThrow().polygonCovers("python.2"))
                .isFalse();
        assertThat(SHIPPED.find("cpp17").orElseThrow().polygonCovers("cpp.*"))
                .as("a language Polygon types do not name is covered by none")
                .isFalse();
    }

    @Test
    void aPackagesProgramIsTheLanguageItsFileEndingSaysAndEachEndingIsOneLanguages() {
        assertThat(SHIPPED.forPackageFile("sol.cc", "#include <cstdio>")).contains("cpp");
        assertThat(SHIPPED.forPackageFile("Sol.java", "")).contains("java");
        assertThat(SHIPPED.forPackageFile("sol.py", "#!/usr/bin/env python3")).contains("python");
        assertThat(SHIPPED.forPackageFile("sol.py", "#!/usr/bin/python2"))
                .as("Python 2, never Python 3")
                .isEmpty();
        assertThat(SHIPPED.forPackageFile("sol.py2", "")).isEmpty();
        assertThat(SHIPPED.forPackageFile("Makefile", "")).isEmpty();
        List<String> endings = SHIPPED.languages().values().stream()
                .flatMap(language -> language.packageExtensions().stream())
                .toList();
        assertThat(endings).doesNotHaveDuplicates().contains(".c", ".cpp", ".py", ".java", ".kt");
    }

    @Test
    void theLanguagesOnJavasJvmGetItsEnvironmentFromOneYamlAnchor() {
        Map<String, String> java = SHIPPED.find("java").orElseThrow().environment();

        assertThat(java).containsEntry("JAVA_HOME", "/opt/java/openjdk");
        for (String id : List.of("kotlin", "scala", "clojure")) {
            assertThat(SHIPPED.find(id).orElseThrow().environment()).as(id).isEqualTo(java);
        }
    }

    @Test
    void aSubmissionsOptionsGoAfterTheCatalogsBeforeItsSourceAndItsOtherSourcesAfterIt() {
        Language c = SHIPPED.find("c").orElseThrow();

        assertThat(c.forSubmission(
                                List.of("main.c", "geometry.c", "geometry.h", "notes.txt"), List.of("-O3", "-std=c11"))
                        .compile())
                // GCC takes the last -std= and -O; -lm stays after every source, as the linker wants.
                .containsExactly(
                        "gcc",
                        "-std=c17",
                        "-O2",
                        "-pipe",
                        "-o",
                        "main",
                        "-O3",
                        "-std=c11",
                        "main.c",
                        "geometry.c",
                        "-lm");
        assertThat(c.forSubmission(List.of("main.c"), List.of())).isSameAs(c);
        Language python = SHIPPED.find("python").orElseThrow();
        assertThat(python.forSubmission(List.of("main.py", "helper.py"), List.of())
                        .compile())
                .isEmpty();
    }

    @Test
    void aSubmissionMayChooseOnlyTheCompileOptionsItsLanguageAllowsEachOnce() {
        Language cpp = SHIPPED.find("cpp").orElseThrow();

        assertThat(cpp.compileOptionsRefusal(List.of("-std=c++17", "-O3", "-DONLINE_JUDGE")))
                .isEmpty();
        assertThat(cpp.compileOptionsRefusal(List.of("-fplugin=/tmp/x.so")))
                .get()
                .asString()
                .contains("-O3");
        assertThat(cpp.compileOptionsRefusal(List.of("-O3", "-O3"))).isPresent();
        assertThat(cpp.compileOptionsRefusal(List.of("-O3 -fplugin=x")))
                .as("one whole argument each")
                .isPresent();
        assertThat(SHIPPED.find("python").orElseThrow().compileOptionsRefusal(List.of("-O2")))
                .get()
                .asString()
                .contains("no compile options");
        SHIPPED.languages()
                .forEach((id, language) -> assertThat(language.allowedCompileOptions())
                        .as("%s: only whole options of its compiler, none that names a file or a plugin", id)
                        .allMatch(option -> option.matches("-(std=[a-z0-9+]+|O[0-3]|DONLINE_JUDGE)")));
    }

    @Test
    void aRuntimesMemoryNeedsSetTheStackAndDataLimitsItsRunsStartWith() {
        long limit = 256L << 20;
        Language.RuntimeMemory node = SHIPPED.find("javascript").orElseThrow().runtimeMemory();
        Language.RuntimeMemory c = SHIPPED.find("c").orElseThrow().runtimeMemory();

        // Node's threads take 8 MiB stacks; a C program's stack may take the whole memory limit.
        assertThat(node.softStackBytes(limit)).isEqualTo(8L << 20);
        assertThat(node.softStackBytes(4L << 20)).isEqualTo(4L << 20);
        assertThat(c).isEqualTo(Language.RuntimeMemory.NONE);
        assertThat(c.softStackBytes(limit)).isEqualTo(limit);
        assertThat(c.dataBytes(limit)).isEqualTo(limit);
        assertThat(new Language.RuntimeMemory(null, DataSize.ofGigabytes(1)).dataBytes(limit))
                .isEqualTo(limit + (1L << 30));
    }

    @Test
    void anImagesFolderIsItsReferenceWithOnlySafeCharactersAndNoTwoImagesShareOne() {
        Language cpp = SHIPPED.find("cpp").orElseThrow();
        assertThat(cpp.imageFolder()).isEqualTo("gcc_12.2.0-bookworm");
        assertThat(withImage("registry.example:5000/judge/../gcc@sha256:ab").imageFolder())
                .isEqualTo("registry.example_5000_judge_.._gcc_sha256_ab")
                .doesNotContain("/");
        for (String notAReference : List.of("..", "../etc", "/languages", "gcc 12", "")) {
            assertThatThrownBy(() -> withImage(notAReference))
                    .as(notAReference)
                    .hasMessageContaining("Not an image reference");
        }
        assertThat(SHIPPED.languages().values().stream()
                        .map(Language::image)
                        .distinct()
                        .count())
                .isEqualTo(SHIPPED.languages().values().stream()
                        .map(Language::imageFolder)
                        .distinct()
                        .count());
    }

    @Test
    void noneNamedEnablesEveryEntryAndDefaultTheDefaultSet() {
        LanguageCatalog defaults = new LanguageCatalog(SHIPPED.languages(), List.of(LanguageCatalog.DEFAULT_SET));

        assertThat(defaults.languages().keySet())
                .isNotEmpty()
                .allSatisfy(id ->
                        assertThat(SHIPPED.find(id).orElseThrow().byDefault()).isTrue());
        assertThat(SHIPPED.languages().values().stream()
                        .filter(Language::byDefault)
                        .map(Language::id))
                .containsExactlyInAnyOrderElementsOf(defaults.languages().keySet());
    }

    @Test
    void aDeploymentEnablesTheLanguagesItNamesAndTheDefaultSetBeside() {
        LanguageCatalog chosen = new LanguageCatalog(SHIPPED.languages(), List.of("cpp", "python"));

        assertThat(chosen.languages().keySet()).containsExactly("cpp", "python");
        assertThat(chosen.find("java")).isEmpty();
    }

    @Test
    void anIdTheCatalogLacksIsRefusedNamingWhatItHas() {
        assertThatThrownBy(() -> new LanguageCatalog(SHIPPED.languages(), List.of("cpp", "brainfuck")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("brainfuck")
                .hasMessageContaining("cpp");
    }

    @Test
    void theEnabledListAndAnotherImageBindFromProperties() {
        LanguageCatalog bound = new Binder(new MapConfigurationPropertySource(Map.of(
                        "judge.languages.cpp.name", "C++",
                        "judge.languages.cpp.image", "registry.example/gcc:14",
                        "judge.languages.cpp.source-file", "main.cpp",
                        "judge.languages.cpp.run[0]", "./main",
                        "judge.languages.cpp.environment.PATH", "/usr/local/bin:/usr/bin",
                        "judge.languages.ruby.name", "Ruby",
                        "judge.languages.ruby.source-file", "main.rb",
                        "judge.languages.ruby.run[0]", "ruby",
                        "judge.enabled-languages", "cpp")))
                .bind("judge", LanguageCatalog.class)
                .get();

        assertThat(bound.languages().keySet()).containsExactly("cpp");
        Language cpp = bound.find("cpp").orElseThrow();
        assertThat(cpp.id()).isEqualTo("cpp");
        assertThat(cpp.image()).isEqualTo("registry.example/gcc:14");
        assertThat(cpp.environment()).containsEntry("PATH", "/usr/local/bin:/usr/bin");
    }

    /** An entry that differs from any other only by its image. */
    private static Language withImage(String image) {
        return new Language(
                "x",
                "x",
                "1",
                image,
                "main.x",
                null,
                List.of("x"),
                null,
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
}
