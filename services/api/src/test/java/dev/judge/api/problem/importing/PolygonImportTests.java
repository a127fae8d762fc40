package dev.judge.api.problem.importing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.judge.api.problem.ProblemRepository;
import dev.judge.api.problem.ProblemRequest;
import dev.judge.api.problem.ProblemVersion;
import dev.judge.api.problem.importing.polygon.PolygonPackage;
import dev.judge.contracts.Checker;
import dev.judge.contracts.JudgeRequest;
import dev.judge.contracts.TestGeneration;

/** Polygon's groups, points and dependencies as this judge's subtasks; its limits as a version's. */
class PolygonImportTests {

    private static final String INPUT = "tests/01";
    private static final String ANSWER = "tests/01.a";

    private static final PolygonPackage.Program CHECKER = new PolygonPackage.Program(
            "files/check.cpp",
            "cpp",
            "int main() {}",
            Map.of("testlib.h", "//", "input", "a file a test's would shadow"),
            "c++17");

    @Test
    void aCompleteGroupIsWorthItsPointsAndAnEachTestGroupItsTestsPointsAndDependenciesFollow() {
        PolygonPackage.Problem problem = problem(
                List.of(
                        new PolygonPackage.Group("samples", 0.0, false, List.of()),
                        new PolygonPackage.Group("small", 40.0, false, List.of("samples")),
                        new PolygonPackage.Group("large", null, true, List.of("small"))),
                List.of(
                        test("samples", 0.0),
                        test("small", 20.0),
                        test("small", 20.0),
                        test("large", 25.0),
                        test("large", 35.0)));
        ProblemVersion version = PolygonImport.toVersion(problem, false);

        assertThat(version.groups())
                .containsExactly(
                        new JudgeRequest.Group("samples", 0, List.of()),
                        new JudgeRequest.Group("small", 40, List.of("samples")),
                        JudgeRequest.Group.eachTest("large", List.of(25.0, 35.0), List.of("small")));
        assertThat(tests(problem))
                .extracting(JudgeRequest.TestCase::group)
                .containsExactly("samples", "small", "small", "large", "large");
        assertThat(version.memoryLimitMb()).isEqualTo(256);
        assertThat(version.checker().kind()).isEqualTo(Checker.Kind.CUSTOM);
        assertThat(version.checker().program().files()).containsOnlyKeys("testlib.h");
        assertThat(version.checker().program().compileOptions().standard()).isEqualTo("c++17");
    }

    /**
     * A dependency names the group, however many tests it has, and once however often problem.xml
     * repeats it: a 10 KB problem.xml made one group depend on 2,000 entries when each test of an
     * each-test group was a group of its own, and each repeated dependency was kept.
     */
    @Test
    void aDependencyNamesTheGroupOnceWhateverItHoldsAndHoweverOftenItIsRepeated() {
        List<PolygonPackage.Test> tests = new ArrayList<>();
        for (int index = 0; index < 500; index++) {
            tests.add(test("a", 1.0));
        }
        tests.add(test("b", 0.0));
        ProblemVersion version = PolygonImport.toVersion(
                problem(
                        List.of(
                                new PolygonPackage.Group("a", null, true, List.of()),
                                new PolygonPackage.Group("b", 50.0, false, Collections.nCopies(20, "a"))),
                        tests),
                false);

        assertThat(version.groups()).hasSize(2);
        assertThat(version.groups().get(1).dependsOn()).containsExactly("a");
    }

    @Test
    void testsWithPointsAndNoGroupsScoreEachTheirOwn() {
        ProblemVersion version =
                PolygonImport.toVersion(problem(List.of(), List.of(test(null, 30.0), test(null, 70.0))), false);

        assertThat(version.groups())
                .containsExactly(JudgeRequest.Group.eachTest("tests", List.of(30.0, 70.0), List.of()));
    }

    /** The JSON API's bounds on groups and points hold for a package too: 400s naming problem.xml. */
    @Test
    void refusesMoreGroupsOrPointsThanTheJsonApiTakes() {
        List<PolygonPackage.Group> groups = new ArrayList<>();
        List<PolygonPackage.Test> tests = new ArrayList<>();
        for (int index = 0; index <= ProblemRequest.MAX_GROUPS; index++) {
            groups.add(new PolygonPackage.Group("g" + index, 1.0, false, List.of()));
            tests.add(test("g" + index, 1.0));
        }

        assertThatThrownBy(() -> PolygonImport.toVersion(problem(groups, tests), false))
                .hasMessageContaining("51 groups");
        assertThatThrownBy(() -> PolygonImport.toVersion(problem(List.of(), List.of(test(null, 1e300))), false))
                .hasMessageContaining("points of test 1");
        // Each test within the bound, the sum over it: Polygon's points add up to infinity otherwise.
        assertThatThrownBy(() -> PolygonImport.toVersion(
                        problem(List.of(), Collections.nCopies(3, test(null, ProblemRequest.MAX_POINTS))), false))
                .hasMessageContaining("points of group tests");
    }

    @Test
    void testsWithoutPointsOrGroupsAreAllOrNothing() {
        PolygonPackage.Problem problem = problem(List.of(), List.of(test(null, null), test(null, null)));
        ProblemVersion version = PolygonImport.toVersion(problem, false);

        assertThat(version.groups()).isEmpty();
        assertThat(tests(problem)).extracting(JudgeRequest.TestCase::group).containsOnlyNulls();
    }

    /** As Polygon exports an ICPC-style problem: points="0.0" on every test. */
    @Test
    void testsWhosePointsAreAllZeroAreAllOrNothing() {
        ProblemVersion version =
                PolygonImport.toVersion(problem(List.of(), List.of(test(null, 0.0), test(null, 0.0))), false);

        assertThat(version.groups()).isEmpty();
    }

    @Test
    void refusesADependencyOnAGroupNotDeclaredBeforeIt() {
        PolygonPackage.Problem problem = problem(
                List.of(
                        new PolygonPackage.Group("a", 10.0, false, List.of("b")),
                        new PolygonPackage.Group("b", 10.0, false, List.of())),
                List.of(test("a", null), test("b", null)));

        assertThatThrownBy(() -> PolygonImport.toVersion(problem, false))
                .hasMessageContaining("group a depends on \"b\"");
    }

    /** Generated tests and missing answers become the version's generation, their places empty until made. */
    @Test
    void testsGivenByTheirGeneratorsAreGeneratedAndMissingAnswersMadeByTheMainSolution() {
        PolygonPackage.Program generator =
                new PolygonPackage.Program("files/gen.cpp", "cpp", "int main() {}", Map.of(), "c++17");
        PolygonPackage.Program main =
                new PolygonPackage.Program("solutions/sum.py", "python", "print(3)", Map.of(), null);
        PolygonPackage.Problem problem = new PolygonPackage.Problem(
                "Sum",
                1000,
                256L << 20,
                CHECKER,
                null,
                null,
                List.of(),
                List.of(
                        test(null, null),
                        new PolygonPackage.Test(INPUT, null, null, null, null, List.of(), false),
                        new PolygonPackage.Test(null, null, null, null, "gen", List.of("--n=5", "7"), false)),
                List.of(new PolygonPackage.Solution("main", main)),
                Map.of("gen", generator),
                Map.of());

        ProblemVersion version = PolygonImport.toVersion(problem, false);

        assertThat(version.generation().recipes())
                .containsExactly(new TestGeneration.Recipe(3, "gen", List.of("--n=5", "7")));
        assertThat(version.generation().answers()).containsExactly(2, 3);
        assertThat(version.generation().answerer().sourceCode()).isEqualTo("print(3)");
        assertThat(version.generation().generators().get("gen").compileOptions().standard())
                .isEqualTo("c++17");
        assertThat(tests(problem).get(2)).isEqualTo(new JudgeRequest.TestCase("", "", null));
        assertThat(version.needsPreparation()).isTrue();
        assertThat(version.solutions()).isEmpty();
    }

    @Test
    void refusesAnswersToMakeWithoutAMainSolutionOrForAnInteractiveOrGraderProblem() {
        List<PolygonPackage.Test> tests =
                List.of(new PolygonPackage.Test(INPUT, null, null, null, null, List.of(), false));
        PolygonPackage.Problem withoutMain = new PolygonPackage.Problem(
                "Sum", 1000, 256L << 20, CHECKER, null, null, List.of(), tests, List.of(), Map.of(), Map.of());
        PolygonPackage.Problem interactive = new PolygonPackage.Problem(
                "Sum",
                1000,
                256L << 20,
                null,
                CHECKER,
                null,
                List.of(),
                tests,
                List.of(new PolygonPackage.Solution("main", CHECKER)),
                Map.of(),
                Map.of());
        PolygonPackage.Problem withGraders = new PolygonPackage.Problem(
                "Sum",
                1000,
                256L << 20,
                CHECKER,
                null,
                null,
                List.of(),
                tests,
                List.of(new PolygonPackage.Solution("main", CHECKER)),
                Map.of(),
                Map.of("cpp", new PolygonPackage.Grader("solution.cpp", Map.of("main.cpp", "int main() {}"))));

        assertThatThrownBy(() -> PolygonImport.toVersion(withoutMain, false))
                .hasMessageContaining("no solution tagged main");
        assertThatThrownBy(() -> PolygonImport.toVersion(interactive, false)).hasMessageContaining("interactive");
        // The main solution of a grader problem is a function: only built with the grader could it answer.
        assertThatThrownBy(() -> PolygonImport.toVersion(withGraders, false)).hasMessageContaining("graders");
    }

    @Test
    void refusesLimitsThisJudgeDoesNotHonour() {
        PolygonPackage.Problem hungry = new PolygonPackage.Problem(
                "Hungry",
                1000,
                2048L << 20,
                null,
                null,
                null,
                List.of(),
                List.of(test(null, null)),
                List.of(),
                Map.of(),
                Map.of());

        assertThatThrownBy(() -> PolygonImport.toVersion(hungry, false)).hasMessageContaining("memory-limit");
    }

    private static PolygonPackage.Problem problem(List<PolygonPackage.Group> groups, List<PolygonPackage.Test> tests) {
        return new PolygonPackage.Problem(
                "Sum", 1000, 256L << 20, CHECKER, null, null, groups, tests, List.of(), Map.of(), Map.of());
    }

    private static PolygonPackage.Test test(String group, Double points) {
        return new PolygonPackage.Test(INPUT, ANSWER, group, points, null, List.of(), false);
    }

    /** The tests as an import stores them, each test's files the sum's. */
    private static List<JudgeRequest.TestCase> tests(PolygonPackage.Problem problem) {
        ProblemRepository.UploadedTests read = PolygonImport.tests(
                problem, path -> (path.equals(INPUT) ? "1 2\n" : "3\n").getBytes(StandardCharsets.UTF_8));
        List<JudgeRequest.TestCase> tests = new ArrayList<>();
        for (ProblemRepository.StoredTest test = read.next(); test != null; test = read.next()) {
            tests.add(new JudgeRequest.TestCase(
                    new String(test.input(), StandardCharsets.UTF_8),
                    new String(test.answer(), StandardCharsets.UTF_8),
                    test.group()));
        }
        return tests;
    }
}
