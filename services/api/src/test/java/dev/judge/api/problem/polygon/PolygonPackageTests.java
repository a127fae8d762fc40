package dev.judge.api.problem.polygon;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import dev.judge.api.problem.polygon.PolygonPackage.InvalidPackageException;

/**
 * Packages in Polygon's format, written here (no third party's package is copied into this
 * repository), read as Polygon exports them, and hand-broken ones refused naming the file at fault.
 */
class PolygonPackageTests {

    static final PolygonPackage.Limits LIMITS = new PolygonPackage.Limits(1 << 20, 4 << 20, 100);

    static Map<String, String> sumOfTwo() throws IOException {
        return TestPackages.sumOfTwo();
    }

    @TempDir
    Path folder;

    @Test
    void readsAStandardPackage() throws IOException {
        PolygonPackage.Problem problem = PolygonPackage.read(zip(sumOfTwo()), LIMITS);

        assertThat(problem.title()).isEqualTo("Sum of Two");
        assertThat(problem.timeLimitMs()).isEqualTo(1000);
        assertThat(problem.memoryLimitBytes()).isEqualTo(268435456);
        assertThat(problem.tests()).hasSize(4);
        assertThat(problem.tests().get(3))
                .isEqualTo(new PolygonPackage.Test("3 1000000\n", "1000003\n", "2", 60.0, null, List.of()));
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

    /** Polygon's standard package without its generated tests and answers: what setters export by default. */
    @Test
    void readsTheGeneratedTestsAndMissingAnswersOfAPackageWithoutThem() throws IOException {
        PolygonPackage.Problem problem = PolygonPackage.read(zip(TestPackages.sumOfTwoToGenerate()), LIMITS);

        assertThat(problem.tests().get(0)).isEqualTo(new PolygonPackage.Test("1 2\n", null, "0", 0.0, null, List.of()));
        assertThat(problem.tests().get(3))
                .isEqualTo(new PolygonPackage.Test(null, null, "2", 60.0, "gen", List.of("3", "1000000")));
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

        PolygonPackage.Problem problem = PolygonPackage.read(zip(files), LIMITS);

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

        PolygonPackage.Problem problem = PolygonPackage.read(zip(files), LIMITS);

        assertThat(problem.tests().getFirst())
                .extracting(PolygonPackage.Test::input, PolygonPackage.Test::answer)
                .containsExactly("1 2\n", "3\n\n");
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
            case "a time limit that is not a number" ->
                files.put("problem.xml", xml.replace("<time-limit>1000", "<time-limit>1e3"));
            default -> throw new IllegalArgumentException(breakage);
        }
        Path zip = zip(files);

        assertThatThrownBy(() -> PolygonPackage.read(zip, LIMITS))
                .isInstanceOfSatisfying(InvalidPackageException.class, refused -> {
                    assertThat(refused.file()).isEqualTo(file);
                    assertThat(refused.getMessage()).contains(reason);
                });
    }

    /** A test that unpacks to far more than it packs to is read only to its limit, whatever its entry declares. */
    @Test
    void stopsReadingAZipBombAtItsLimit() throws IOException {
        Map<String, String> files = sumOfTwo();
        files.put("tests/02", "1 ".repeat(4 << 20));

        assertThatThrownBy(() -> PolygonPackage.read(zip(files), LIMITS))
                .isInstanceOfSatisfying(InvalidPackageException.class, refused -> {
                    assertThat(refused.file()).isEqualTo("tests/02");
                    assertThat(refused.tooLarge()).isTrue();
                });
    }

    @Test
    void refusesWhatIsNotAZip() throws IOException {
        Path file = folder.resolve("not.zip");
        Files.writeString(file, "<problem/>");

        assertThatThrownBy(() -> PolygonPackage.read(file, LIMITS))
                .isInstanceOf(InvalidPackageException.class)
                .hasMessageContaining("not a zip file");
    }

    @Test
    void refusesAPackageWithoutProblemXml() throws IOException {
        Map<String, String> files = sumOfTwo();
        files.remove("problem.xml");

        assertThatThrownBy(() -> PolygonPackage.read(zip(files), LIMITS))
                .isInstanceOfSatisfying(
                        InvalidPackageException.class,
                        refused -> assertThat(refused.file()).isEqualTo("problem.xml"));
    }

    private Path zip(Map<String, String> files) throws IOException {
        Path zip = Files.createTempFile(folder, "package", ".zip");
        Files.write(zip, TestPackages.zip(files));
        return zip;
    }
}
