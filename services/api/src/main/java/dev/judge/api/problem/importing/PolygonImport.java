package dev.judge.api.problem.importing;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import dev.judge.api.problem.FeedbackPolicy;
import dev.judge.api.problem.ProblemRepository;
import dev.judge.api.problem.ProblemRequest;
import dev.judge.api.problem.ProblemVersion;
import dev.judge.api.problem.importing.archive.InvalidPackageException;
import dev.judge.api.problem.importing.polygon.PolygonPackage;
import dev.judge.contracts.Checker;
import dev.judge.contracts.JudgeRequest;
import dev.judge.contracts.ProblemProgram;
import dev.judge.contracts.TestGeneration;
import dev.judge.contracts.language.Language;

/**
 * A Polygon package's problem as a version this judge stores. Polygon's groups are subtasks: a
 * "complete-group" group is worth its points only when all its tests pass; in an "each-test" group, and
 * in a problem whose tests have points but no groups, each test scores its own points
 * ({@link JudgeRequest.Group.Scoring#EACH_TEST}). A dependency on a group needs all its tests passed. The
 * JSON API's bounds hold: at most {@link ProblemRequest#MAX_GROUPS} groups, points up to
 * {@link ProblemRequest#MAX_POINTS}, each dependency once. A package
 * whose points are all 0 (Polygon writes 0.0 on every test of an ICPC-style problem) is all or
 * nothing; a scored package's checker gives Polygon's points ({@link Checker.Scores#POINTS}). Its
 * resources for solutions are graders ({@link PolygonPackage.Grader}), and its answers must then be in it. Feedback policies do not change what is judged, only what Polygon shows contestants, and
 * are not kept.
 */
final class PolygonImport {

    private PolygonImport() {}

    /** The most tagged solutions an import judges. */
    static final int MAX_SOLUTIONS = 50;

    /**
     * The version, without its tests: {@link #tests} reads them.
     *
     * @param verify whether its tagged solutions are kept, to be judged when the version is prepared
     */
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
                null, // read one at a time by tests()
                null,
                program(problem.validator()),
                null,
                verify ? solutions(problem) : List.of(),
                generation(problem),
                null,
                graders(problem),
                new ProblemVersion.Feedback(FeedbackPolicy.FULL, samples(problem)),
                false,
                null,
                null,
                null,
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
        if (!answers.isEmpty() && !problem.graders().isEmpty()) {
            throw invalid("test " + answers.getFirst() + "'s answer is not in the package: the answers of a problem "
                    + "with graders must be (export the package with its tests)");
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

    /**
     * The version's tests, read one at a time as they are stored: what is still to be made is empty until
     * a worker has made it.
     */
    static ProblemRepository.UploadedTests tests(PolygonPackage.Problem problem, PackageTests.Files files) {
        Map<Integer, String> groupOf = subtasks(problem).groupOf();
        List<PackageTests.Entry> tests = new ArrayList<>();
        for (int index = 0; index < problem.tests().size(); index++) {
            PolygonPackage.Test test = problem.tests().get(index);
            tests.add(new PackageTests.Entry(test.input(), test.answer(), groupOf.get(index)));
        }
        return PackageTests.of(tests, files);
    }

    /** The numbers (from 1) of the tests Polygon marks as samples. */
    private static List<Integer> samples(PolygonPackage.Problem problem) {
        List<Integer> samples = new java.util.ArrayList<>();
        for (int index = 0; index < problem.tests().size(); index++) {
            if (problem.tests().get(index).sample()) {
                samples.add(index + 1);
            }
        }
        return samples;
    }

    private static List<ProblemVersion.TaggedSolution> solutions(PolygonPackage.Problem problem) {
        return problem.solutions().stream()
                .map(solution -> new ProblemVersion.TaggedSolution(
                        solution.program().path(), solution.tag(), program(solution.program())))
                .toList();
    }

    private static Map<String, ProblemVersion.Grader> graders(PolygonPackage.Problem problem) {
        Map<String, ProblemVersion.Grader> graders = new TreeMap<>();
        problem.graders()
                .forEach((language, grader) ->
                        graders.put(language, new ProblemVersion.Grader(grader.solutionFile(), grader.files())));
        return graders;
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
        Set<String> order = new LinkedHashSet<>(declared.keySet());
        for (PolygonPackage.Test test : tests) {
            if (grouped && test.group() == null) {
                throw invalid("a test has no group while others have one");
            }
            order.add(grouped ? test.group() : "tests");
        }
        Map<String, List<Integer>> members = new HashMap<>();
        for (int index = 0; index < tests.size(); index++) {
            members.computeIfAbsent(grouped ? tests.get(index).group() : "tests", name -> new ArrayList<>())
                    .add(index);
        }
        List<JudgeRequest.Group> groups = new ArrayList<>();
        Map<Integer, String> groupOf = new HashMap<>();
        Set<String> made = new HashSet<>();
        for (String name : order) {
            if (!name.matches(ProblemRequest.NAME)) {
                throw invalid("its group name \"" + name + "\" is not letters, digits, '.', '_' or '-'");
            }
            PolygonPackage.Group group = declared.get(name);
            // A dependency named twice is one dependency.
            Set<String> dependsOn = new LinkedHashSet<>(group == null ? List.of() : group.dependsOn());
            for (String dependency : dependsOn) {
                if (!made.contains(dependency)) {
                    throw invalid("group " + name + " depends on \"" + dependency
                            + "\", which is not a group with tests declared before it");
                }
            }
            List<Integer> ofGroup = members.getOrDefault(name, List.of());
            if (ofGroup.isEmpty()) {
                continue; // a declared group without tests scores nothing: not a subtask
            }
            boolean eachTest = !grouped || group != null && group.eachTest();
            JudgeRequest.Group subtask;
            if (eachTest) {
                List<Double> testPoints = new ArrayList<>();
                for (int index : ofGroup) {
                    Double points = tests.get(index).points();
                    testPoints.add(points(points == null ? 0 : points, "test " + (index + 1)));
                }
                subtask = JudgeRequest.Group.eachTest(name, testPoints, List.copyOf(dependsOn));
            } else {
                double points = group != null && group.points() != null
                        ? group.points()
                        : ofGroup.stream()
                                .map(tests::get)
                                .mapToDouble(test -> test.points() == null ? 0 : test.points())
                                .sum();
                subtask = new JudgeRequest.Group(name, points, List.copyOf(dependsOn));
            }
            points(subtask.points(), "group " + name);
            groups.add(subtask);
            ofGroup.forEach(index -> groupOf.put(index, name));
            made.add(name);
        }
        // The JSON API's bounds, whatever problem.xml says.
        if (groups.size() > ProblemRequest.MAX_GROUPS) {
            throw invalid("it has " + groups.size() + " groups with tests; this judge takes up to "
                    + ProblemRequest.MAX_GROUPS);
        }
        return new Subtasks(groups, groupOf);
    }

    /** Points as the JSON API takes them: at most {@link ProblemRequest#MAX_POINTS}. */
    private static double points(double points, String what) {
        if (points > ProblemRequest.MAX_POINTS) {
            throw invalid("the points of " + what + " are over " + (long) ProblemRequest.MAX_POINTS);
        }
        return points;
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
