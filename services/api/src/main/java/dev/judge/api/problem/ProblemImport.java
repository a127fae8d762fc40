package dev.judge.api.problem;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import dev.judge.api.problem.polygon.PolygonPackage;
import dev.judge.api.problem.polygon.PolygonPackage.InvalidPackageException;
import dev.judge.contracts.Checker;
import dev.judge.contracts.JudgeRequest;
import dev.judge.contracts.ProblemProgram;
import dev.judge.contracts.TestGeneration;
import dev.judge.contracts.language.Language;

/**
 * A Polygon package's problem as a version this judge stores. Polygon's groups map onto subtasks: a
 * "complete-group" group is one, worth its points only when all its tests pass; an "each-test" group,
 * and a problem whose tests have points but no groups, become one subtask per test, so that each test
 * scores its own points. A dependency on a group of single tests depends on all of them. A package
 * whose points are all 0 (Polygon writes 0.0 on every test of an ICPC-style problem) is all or
 * nothing; a scored package's checker gives Polygon's points ({@link Checker.Scores#POINTS}). Feedback policies do not change what is judged, only what Polygon shows contestants, and
 * are not kept.
 */
final class ProblemImport {

    private ProblemImport() {}

    /** The most tagged solutions an import judges. */
    static final int MAX_SOLUTIONS = 50;

    /** @param verify whether its tagged solutions are kept, to be judged when the version is prepared */
    static ProblemVersion toVersion(PolygonPackage.Problem problem, boolean verify) {
        if (problem.timeLimitMs() <= 0 || problem.timeLimitMs() > ProblemRequest.MAX_TIME_LIMIT_MS) {
            throw invalid("its time-limit of " + problem.timeLimitMs() + " ms is not in 1.."
                    + ProblemRequest.MAX_TIME_LIMIT_MS);
        }
        long memoryMb = problem.memoryLimitBytes() / (1024 * 1024);
        if (memoryMb <= 0 || memoryMb > ProblemRequest.MAX_MEMORY_LIMIT_MB) {
            throw invalid("its memory-limit of " + problem.memoryLimitBytes() + " bytes is not in 1 MiB.."
                    + ProblemRequest.MAX_MEMORY_LIMIT_MB + " MiB");
        }
        Subtasks subtasks = subtasks(problem);
        List<JudgeRequest.TestCase> tests = new ArrayList<>();
        for (int index = 0; index < problem.tests().size(); index++) {
            PolygonPackage.Test test = problem.tests().get(index);
            // What is still to be made is empty until a worker has made it.
            tests.add(new JudgeRequest.TestCase(
                    test.input() == null ? "" : test.input(),
                    test.answer() == null ? "" : test.answer(),
                    subtasks.groupOf().get(index)));
        }
        return new ProblemVersion(
                0,
                0,
                problem.title().length() > 200 ? problem.title().substring(0, 200) : problem.title(),
                problem.timeLimitMs(),
                (int) memoryMb,
                true,
                problem.checker() == null
                        ? (problem.interactor() == null ? Checker.EXACT : null)
                        // Polygon's checkers score in points of the test (quitp(10) on a test worth 10).
                        : new Checker(
                                Checker.Kind.CUSTOM,
                                null,
                                program(problem.checker()),
                                subtasks.groups().isEmpty() ? Checker.Scores.SHARE : Checker.Scores.POINTS),
                program(problem.interactor()),
                subtasks.groups(),
                Map.of(),
                tests,
                null,
                program(problem.validator()),
                null,
                verify ? solutions(problem) : List.of(),
                generation(problem),
                null);
    }

    /**
     * The tests the package gives by their generators' commands, and the answers it leaves to its main
     * solution; null when it carries every input and answer.
     */
    private static TestGeneration generation(PolygonPackage.Problem problem) {
        List<TestGeneration.Recipe> recipes = new ArrayList<>();
        List<Integer> answers = new ArrayList<>();
        for (int index = 0; index < problem.tests().size(); index++) {
            PolygonPackage.Test test = problem.tests().get(index);
            if (test.generator() != null) {
                recipes.add(new TestGeneration.Recipe(index + 1, test.generator(), test.arguments()));
            }
            if (test.answer() == null) {
                answers.add(index + 1);
            }
        }
        if (recipes.isEmpty() && answers.isEmpty()) {
            return null;
        }
        PolygonPackage.Program main = problem.mainSolution();
        if (!answers.isEmpty() && main == null) {
            throw invalid("test " + answers.getFirst()
                    + "'s answer is not in the package, and it has no solution tagged main " + "to make it");
        }
        if (!answers.isEmpty() && problem.interactor() != null) {
            throw invalid(
                    "test " + answers.getFirst() + "'s answer is not in the package: an interactive problem's answers "
                            + "must be (export the package with its tests)");
        }
        // Generators' headers (testlib.h in each of dozens) go once, beside all of them.
        Map<String, ProblemProgram> generators = new TreeMap<>();
        Map<String, String> shared = new TreeMap<>();
        problem.generators().forEach((name, generator) -> {
            ProblemProgram program = program(generator);
            shared.putAll(program.files());
            generators.put(
                    name,
                    new ProblemProgram(program.language(), program.sourceCode(), Map.of(), program.compileOptions()));
        });
        return new TestGeneration(
                generators,
                recipes,
                answers.isEmpty() ? null : program(main),
                answers,
                new JudgeRequest.Limits(problem.timeLimitMs(), problem.memoryLimitBytes() / (1024 * 1024)),
                shared);
    }

    private static List<ProblemVersion.TaggedSolution> solutions(PolygonPackage.Problem problem) {
        if (problem.solutions().size() > MAX_SOLUTIONS) {
            throw invalid(
                    "it has " + problem.solutions().size() + " solutions; an import judges up to " + MAX_SOLUTIONS);
        }
        return problem.solutions().stream()
                .map(solution -> new ProblemVersion.TaggedSolution(
                        solution.program().path(), solution.tag(), program(solution.program())))
                .toList();
    }

    private record Subtasks(List<JudgeRequest.Group> groups, Map<Integer, String> groupOf) {}

    private static Subtasks subtasks(PolygonPackage.Problem problem) {
        List<PolygonPackage.Test> tests = problem.tests();
        boolean grouped = tests.stream().anyMatch(test -> test.group() != null);
        // Polygon writes points="0.0" on every test of a problem that is not scored (ICPC style).
        boolean scored = tests.stream().anyMatch(test -> test.points() != null && test.points() > 0)
                || problem.groups().stream().anyMatch(group -> group.points() != null && group.points() > 0);
        if (!scored) {
            return new Subtasks(List.of(), Map.of()); // all or nothing, worth 100
        }
        Map<String, PolygonPackage.Group> declared = new LinkedHashMap<>();
        problem.groups().forEach(group -> declared.put(group.name(), group));
        // Groups in the order the package declares them, then any its tests name without declaring.
        List<String> order = new ArrayList<>(declared.keySet());
        for (PolygonPackage.Test test : tests) {
            if (grouped && test.group() == null) {
                throw invalid("a test has no group while others have one");
            }
            String name = grouped ? test.group() : "tests";
            if (!order.contains(name)) {
                order.add(name);
            }
        }
        List<JudgeRequest.Group> groups = new ArrayList<>();
        Map<Integer, String> groupOf = new HashMap<>();
        Map<String, List<String>> madeOf = new HashMap<>();
        for (String name : order) {
            if (!name.matches(ProblemRequest.NAME)) {
                throw invalid("its group name \"" + name + "\" is not letters, digits, '.', '_' or '-'");
            }
            PolygonPackage.Group group = declared.get(name);
            List<String> dependsOn = new ArrayList<>();
            for (String dependency : group == null ? List.<String>of() : group.dependsOn()) {
                List<String> made = madeOf.get(dependency);
                if (made == null) {
                    throw invalid("group " + name + " depends on \"" + dependency
                            + "\", which is not a group declared before it");
                }
                dependsOn.addAll(made);
            }
            List<Integer> members = new ArrayList<>();
            for (int index = 0; index < tests.size(); index++) {
                if (name.equals(grouped ? tests.get(index).group() : "tests")) {
                    members.add(index);
                }
            }
            if (members.isEmpty()) {
                continue; // a declared group without tests scores nothing: not a subtask
            }
            boolean eachTest = !grouped || group != null && group.eachTest();
            List<String> made = new ArrayList<>();
            if (eachTest) {
                for (int index : members) {
                    String single = name + "-" + (index + 1);
                    Double points = tests.get(index).points();
                    groups.add(new JudgeRequest.Group(single, points == null ? 0 : points, dependsOn));
                    groupOf.put(index, single);
                    made.add(single);
                }
            } else {
                double points = group != null && group.points() != null
                        ? group.points()
                        : members.stream()
                                .map(tests::get)
                                .mapToDouble(test -> test.points() == null ? 0 : test.points())
                                .sum();
                groups.add(new JudgeRequest.Group(name, points, dependsOn));
                members.forEach(index -> groupOf.put(index, name));
                made.add(name);
            }
            madeOf.put(name, made);
        }
        Set<String> names = new HashSet<>();
        groups.forEach(group -> {
            if (!names.add(group.name())) {
                throw invalid("two of its subtasks are named " + group.name());
            }
        });
        return new Subtasks(groups, groupOf);
    }

    private static ProblemProgram program(PolygonPackage.Program program) {
        if (program == null) {
            return null;
        }
        Map<String, String> files = new LinkedHashMap<>();
        program.files().forEach((name, content) -> {
            if (name.matches(ProblemRequest.NAME)
                    && !name.equals("input")
                    && !name.equals("output")
                    && !name.equals("answer")) {
                files.put(name, content);
            }
        });
        return new ProblemProgram(
                program.language(),
                program.sourceCode(),
                files,
                new Language.CompileOptions(program.standard(), List.of()));
    }

    private static InvalidPackageException invalid(String reason) {
        return PolygonPackage.invalid(reason);
    }
}
