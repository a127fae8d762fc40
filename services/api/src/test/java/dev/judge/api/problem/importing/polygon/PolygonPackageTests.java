package dev.judge.api.problem.importing.polygon;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import dev.judge.api.problem.LinearTime;
import dev.judge.api.problem.importing.archive.InvalidPackageException;
import dev.judge.api.problem.importing.archive.PackageArchive;
import dev.judge.contracts.language.LanguageCatalog;

/**
 * Packages in Polygon's format, written here (no third party's package is copied into this
 * repository), read as Polygon exports them, and hand-broken ones refused naming the file at fault.
 */
class PolygonPackageTests {

    static final PackageArchive.Limits LIMITS = new PackageArchive.Limits(1 << 20, 1 << 20, 4 << 20, 100, 50);

    static Map<String, String> sumOfTwo() throws IOException {
        return TestPackages.sumOfTwo();
    }

    @TempDir
    Path folder;

    @Test
    void readsAStandardPackage() throws IOException {
        Read read = read(zip(sumOfTwo()));
        PolygonPackage.Problem problem = read.problem();

        assertThat(problem.title()).isEqualTo("Sum of Two");
        assertThat(problem.timeLimitMs()).isEqualTo(1000);
        assertThat(problem.memoryLimitBytes()).isEqualTo(268435456);
        assertThat(problem.tests()).hasSize(4);
        assertThat(problem.tests().get(3))
                .isEqualTo(new PolygonPackage.Test("tests/04", "tests/04.a", "2", 60.0, null, List.of(), false));
        assertThat(read.tests().get(3)).containsExactly("3 1000000\n", "1000003\n");
        assertThat(problem.groups()).extracting(PolygonPackage.Group::name).containsExactly("0", "1", "2");
        assertThat(problem.groups().get(2).eachTest()).isTrue();
        assertThat(problem.groups().get(2).dependsOn()).containsExactly("1");
        assertThat(problem.checker().language()).isEqualTo("python");
        assertThat(problem.checker().files()).isEmpty(); // a Python checker includes no header
        assertThat(problem.validator().sourceCode()).contains("10**6");
        assertThat(problem.interactor()).isNull();
        assertThat(problem.solutions())
                .extracting(PolygonPackage.Solution::tag)
                .containsExactly("main", "wrong-answer");
    }

    @Test
    void aProgramGetsTheHeadersItIncludesAndThoseTheyInclude() {
        Map<String, String> headers = Map.of(
                "testlib.h", "#pragma once\n",
                "rand.h", "#include \"testlib.h\"\n#include \"rand.h\"\n",
                "olymp.h", "// for statements\n");

        assertThat(PolygonPackage.included("#include \"rand.h\"\nint main() {}", headers))
                .containsOnlyKeys("rand.h", "testlib.h");
        assertThat(PolygonPackage.included("  # include <testlib.h>\nint main() {}", headers))
                .containsOnlyKeys("testlib.h");
        assertThat(PolygonPackage.included("#include <bits/stdc++.h>\n// #include \"olymp.h\" later", headers))
                .isEmpty();
    }

    /**
     * A source's includes are read in time linear in its length, whatever it holds: shapes that make a
     * backtracking scan quadratic (with {@code ^\s*#...[^>"]+} in multiline mode, a source of 80,000
     * newlines held an import for 81 s) take about as long as an ordinary source of the same size.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"newlines", "unclosed includes", "one unclosed include"})
    void readsASourcesIncludesInTimeLinearInItsLength(String shape) {
        int size = 64 * 1024;
        String ordinary = "#include <vector>\nint f(int x) { return x * 2; }\n"
                .repeat(size / 49 + 1)
                .substring(0, size);
        String hostile = switch (shape) {
            case "newlines" -> "\n".repeat(size);
            case "unclosed includes" -> "#include <\n".repeat(size / 11 + 1).substring(0, size);
            default -> "#include <" + "a".repeat(size - 10);
        };
        Map<String, String> headers = Map.of("vector", "");

        long control = LinearTime.fastestOfFive(() -> PolygonPackage.included(ordinary, headers));
        long measured = LinearTime.fastestOfFive(() -> PolygonPackage.included(hostile, headers));

        assertThat(measured)
                .as("%s: %d µs, an ordinary source of the same size %d µs", shape, measured / 1000, control / 1000)
                .isLessThan(Math.max(20 * control, 50_000_000L));
    }

    /** Polygon's standard package without its generated tests and answers: what setters export by default. */
    @Test
    void readsTheGeneratedTestsAndMissingAnswersOfAPackageWithoutThem() throws IOException {
        PolygonPackage.Problem problem =
                read(zip(TestPackages.sumOfTwoToGenerate())).problem();

        assertThat(problem.tests().get(0))
                .isEqualTo(new PolygonPackage.Test("tests/01", null, "0", 0.0, null, List.of(), true));
        assertThat(problem.tests().get(3))
                .isEqualTo(new PolygonPackage.Test(null, null, "2", 60.0, "gen", List.of("3", "1000000"), false));
        assertThat(problem.generators()).containsOnlyKeys("gen");
        assertThat(problem.generators().get("gen").path()).isEqualTo("files/gen.py");
        assertThat(problem.mainSolution().path()).isEqualTo("solutions/sum.py");
    }

    /** Older packages tag their solutions only in a .desc file beside each. */
    @Test
    void aSolutionWithoutATagTakesTheOneItsDescFileGives() throws IOException {
        Map<String, String> files = sumOfTwo();
        files.put(
                "problem.xml",
                files.get("problem.xml").replace(" tag=\"wrong-answer\"", "").replace(" tag=\"main\"", ""));
        files.put("solutions/sum.py.desc", "File name: sum.py\r\nTag: MAIN\r\nAuthor: setter\r\n");
        files.put("solutions/product.py.desc", "File name: product.py\nTag: TIME_LIMIT_EXCEEDED_OR_ACCEPTED\n");

        PolygonPackage.Problem problem = read(zip(files)).problem();

        assertThat(problem.solutions())
                .extracting(PolygonPackage.Solution::tag)
                .containsExactly("main", "time-limit-exceeded-or-accepted");
        assertThat(problem.mainSolution().path()).isEqualTo("solutions/sum.py");
    }

    @Test
    void aPackageMadeOnWindowsHasItsTestsLineEndsMadeUnixOnes() throws IOException {
        Map<String, String> files = sumOfTwo();
        files.put("tests/01", "1 2\r\n");
        files.put("tests/01.a", "3\r\n\r\n");

        assertThat(read(zip(files)).tests().getFirst()).containsExactly("1 2\n", "3\n\n");
    }

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(nullValues = "none", textBlock = """
            cpp.g++17, c++17
            cpp.gcc14-64-msys2-g++23, c++23
            cpp.msys2-mingw64-9-g++17, c++17
            cpp.g++, none
            c.gcc, none
            python.3, none
            """)
    void aSourceTypeNamesItsCppStandard(String type, String standard) {
        assertThat(PolygonPackage.standard(type)).isEqualTo(standard);
    }

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(nullValues = "none", textBlock = """
            cpp.g++17, cpp
            cpp.gcc14-64-msys2-g++23, cpp
            c.gcc, c
            java21, java
            java8, java
            python.3, python
            python.pypy3, pypy
            python.pypy3-64, pypy
            perl.5, perl
            ruby.3, ruby
            php.8, php
            js.v8, javascript
            nodejs, javascript
            javascript, javascript
            python.2, none
            pascal.fpc, none
            """)
    void aSourceTypeIsTheLanguageTheCatalogSays(String type, String language) {
        assertThat(LanguageCatalog.shipped().forPolygonType(type)).isEqualTo(java.util.Optional.ofNullable(language));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            a DTD that would read the worker's files (XXE)  | problem.xml              | DOCTYPE
            a source path out of the package                | ../../etc/passwd         | not a plain relative path
            an absolute source path                         | /etc/passwd              | not a plain relative path
            a test named but missing                        | tests/04                 | not in the package
            a generated test of several files               | tests/04                 | from-file
            a generated test whose generator is not given   | problem.xml              | not one of its executables
            a source of a language not run here             | files/check.py           | not a language this judge runs
            a path pattern that is not one %d               | problem.xml              | one %d
            a path pattern of a zero width, %0d             | problem.xml              | one %d
            problem.xml nested deeper than any package      | problem.xml              | not XML this judge reads
            a test that cannot be unpacked                  | tests/02                 | cannot be unpacked
            a time limit that is not a number               | problem.xml              | whole number
            """)
    void refusesAHandBrokenPackageNamingTheFile(String breakage, String file, String reason) throws IOException {
        Map<String, String> files = sumOfTwo();
        String xml = files.get("problem.xml");
        switch (breakage) {
            case "a DTD that would read the worker's files (XXE)" ->
                files.put(
                        "problem.xml",
                        xml.replace(
                                        "<problem ",
                                        "<!DOCTYPE problem [<!ENTITY secret SYSTEM \"file:///etc/passwd\">]>\n<problem ")
                                .replace("Sum of Two", "&secret;"));
            case "a source path out of the package" ->
                files.put("problem.xml", xml.replace("files/val.py", "../../etc/passwd"));
            case "an absolute source path" -> files.put("problem.xml", xml.replace("files/val.py", "/etc/passwd"));
            case "a test named but missing" -> {
                files.remove("tests/04");
                files.put(
                        "problem.xml",
                        xml.replace(
                                "<test cmd=\"gen 3 1000000\" group=\"2\" method=\"generated\"",
                                "<test group=\"2\" method=\"manual\""));
            }
            case "a generated test of several files" -> {
                files.remove("tests/04");
                files.put("problem.xml", xml.replace("cmd=\"gen 3 1000000\"", "cmd=\"gen 3 1000000\" from-file=\"2\""));
            }
            case "a generated test whose generator is not given" -> {
                files.remove("tests/04");
                files.put("problem.xml", xml.replace("cmd=\"gen 3 1000000\"", "cmd=\"../../bin/sh -c id\""));
            }
            case "a source of a language not run here" ->
                files.put(
                        "problem.xml",
                        xml.replace(
                                "<source path=\"files/check.py\" type=\"python.3\"/>",
                                "<source path=\"files/check.py\" type=\"pascal.fpc\"/>"));
            case "a path pattern that is not one %d" ->
                files.put("problem.xml", xml.replace("tests/%02d.a", "tests/%s%n"));
            case "a path pattern of a zero width, %0d" ->
                files.put("problem.xml", xml.replace("tests/%02d.a", "tests/%0d.a"));
            case "problem.xml nested deeper than any package" ->
                files.put(
                        "problem.xml",
                        xml.replace("<judging", "<x>".repeat(10_000) + "</x>".repeat(10_000) + "<judging"));
            case "a test that cannot be unpacked" -> files.put("tests/02", TestPackages.CORRUPT);
            case "a time limit that is not a number" ->
                files.put("problem.xml", xml.replace("<time-limit>1000", "<time-limit>1e3"));
            default -> throw new IllegalArgumentException(breakage);
        }
        Path zip = zip(files);

        assertThatThrownBy(() -> read(zip)).isInstanceOfSatisfying(InvalidPackageException.class, refused -> {
            assertThat(refused.file()).isEqualTo(file);
            assertThat(refused.getMessage()).contains(reason);
        });
    }

    @Test
    void resourcesForSolutionsAreEachLanguagesGraderWithItsSourceAsTheEntryPoint() throws IOException {
        PolygonPackage.Problem problem = read(zip(TestPackages.sumFunction())).problem();

        assertThat(problem.graders()).containsOnlyKeys("cpp", "python", "java");
        PolygonPackage.Grader cpp = problem.graders().get("cpp");
        assertThat(cpp.solutionFile()).isEqualTo("solution.cpp");
        assertThat(cpp.files()).containsOnlyKeys("main.cpp", "sum.h");
        assertThat(cpp.files().get("main.cpp")).contains("sum(a, b)");
        assertThat(problem.graders().get("python"))
                .isEqualTo(new PolygonPackage.Grader(
                        "solution.py",
                        Map.of("main.py", TestPackages.sumFunction().get("files/grader.py"))));
        assertThat(problem.graders().get("java").solutionFile()).isEqualTo("Solution.java");
        assertThat(problem.graders().get("java").files()).containsOnlyKeys("Main.java");
        assertThat(problem.solutions())
                .extracting(solution -> solution.program().language())
                .containsExactly("cpp", "python", "java", "cpp");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            a grader placed out of the contestant's folder  | files/sum.h         | is to be placed as "../sum.h"
            a grader placed in a folder                     | files/sum.h         | is to be placed as "include/sum.h"
            a grader placed as the contestant's source      | files/sum.h         | the name the contestant's source is saved as
            a grader placed as a judge's own file           | files/sum.h         | the judge's own files
            two sources and no entry point among them       | files/grader.cpp    | none is placed as main.cpp
            a grader for no language run here               | files/grader.cpp    | no language this judge runs
            a grader without languages                      | files/sum.h         | no for-type
            a file for solutions when they run              | files/sum.h         | at stage compile only
            a grader's path out of the package              | ../../etc/passwd    | plain relative path
            a run-twice problem                             | problem.xml         | run-twice
            """)
    void refusesAGraderItCannotPlaceNamingTheFile(String breakage, String file, String reason) throws IOException {
        Map<String, String> files = TestPackages.sumFunction();
        String xml = files.get("problem.xml");
        String header = "<file for-type=\"cpp.*\" path=\"files/sum.h\" type=\"h.g++\">";
        switch (breakage) {
            case "a grader placed out of the contestant's folder" ->
                files.put("problem.xml", xml.replace(header, header.replace(">", " location=\"../sum.h\">")));
            case "a grader placed in a folder" ->
                files.put("problem.xml", xml.replace(header, header.replace(">", " location=\"include/sum.h\">")));
            case "a grader placed as the contestant's source" ->
                files.put("problem.xml", xml.replace(header, header.replace(">", " location=\"solution.cpp\">")));
            case "a grader placed as a judge's own file" ->
                files.put("problem.xml", xml.replace(header, header.replace(">", " location=\"answer\">")));
            case "two sources and no entry point among them" ->
                files.put(
                        "problem.xml",
                        xml.replace("path=\"files/sum.h\" type=\"h.g++\"", "path=\"files/sum.h\" type=\"cpp.g++17\""));
            case "a grader for no language run here" ->
                files.put(
                        "problem.xml",
                        xml.replaceAll("for-type=\"[^\"]*\"", "for-type=\"pascal.*\"")
                                .replace("path=\"files/grader.cpp\"", "path=\"files/grader.cpp\""));
            case "a grader without languages" ->
                files.put("problem.xml", xml.replace(header, header.replace("for-type=\"cpp.*\" ", "")));
            case "a file for solutions when they run" ->
                files.put(
                        "problem.xml",
                        xml.replace(
                                header + "\n                <stages><stage name=\"compile\"/>",
                                header + "\n                <stages><stage name=\"run\"/>"));
            case "a grader's path out of the package" ->
                files.put("problem.xml", xml.replace("files/sum.h", "../../etc/passwd"));
            case "a run-twice problem" ->
                files.put("problem.xml", xml.replace("input-file=\"\"", "input-file=\"\" run-count=\"2\""));
            default -> throw new IllegalArgumentException(breakage);
        }
        Path zip = zip(files);

        assertThatThrownBy(() -> read(zip)).isInstanceOfSatisfying(InvalidPackageException.class, refused -> {
            assertThat(refused.file()).isEqualTo(file);
            assertThat(refused.getMessage()).contains(reason);
        });
    }

    /** A test that unpacks to far more than it packs to is read only to its limit, whatever its entry declares. */
    @Test
    void stopsReadingAZipBombAtItsLimit() throws IOException {
        Map<String, String> files = sumOfTwo();
        files.put("tests/02", "1 ".repeat(4 << 20));

        assertThatThrownBy(() -> read(zip(files))).isInstanceOfSatisfying(InvalidPackageException.class, refused -> {
            assertThat(refused.file()).isEqualTo("tests/02");
            assertThat(refused.tooLarge()).isTrue();
        });
    }

    @Test
    void refusesWhatIsNotAZip() throws IOException {
        Path file = folder.resolve("not.zip");
        Files.writeString(file, "<problem/>");

        assertThatThrownBy(() -> read(file))
                .isInstanceOf(InvalidPackageException.class)
                .hasMessageContaining("not a zip file");
    }

    @Test
    void refusesAPackageWithoutProblemXml() throws IOException {
        Map<String, String> files = sumOfTwo();
        files.remove("problem.xml");

        assertThatThrownBy(() -> read(zip(files)))
                .isInstanceOfSatisfying(
                        InvalidPackageException.class,
                        refused -> assertThat(refused.file()).isEqualTo("problem.xml"));
    }

    /** A package's problem, and each test's input and answer as it carries them (null where it does not). */
    private record Read(PolygonPackage.Problem problem, List<List<String>> tests) {}

    private static Read read(Path zip) throws IOException {
        try (PolygonPackage opened = PolygonPackage.open(zip, LIMITS, LanguageCatalog.shipped(), true)) {
            List<List<String>> tests = new ArrayList<>();
            for (PolygonPackage.Test test : opened.problem().tests()) {
                tests.add(Arrays.asList(
                        test.input() == null ? null : text(opened.testFile(test.input())),
                        test.answer() == null ? null : text(opened.testFile(test.answer()))));
            }
            return new Read(opened.problem(), tests);
        }
    }

    private static String text(byte[] utf8) {
        return new String(utf8, StandardCharsets.UTF_8);
    }

    private Path zip(Map<String, String> files) throws IOException {
        Path zip = Files.createTempFile(folder, "package", ".zip");
        Files.write(zip, TestPackages.zip(files));
        return zip;
    }
}
