package dev.judge.contracts;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The tests of a problem version that its setter gave as programs rather than files (a Polygon
 * package's generated tests, and answers left to its main solution): a worker that prepares the
 * version runs each {@link Recipe}'s generator in a sandbox (its arguments as Polygon passes them, its
 * standard output the test's input), runs the answerer on the inputs whose answers are to be made, and
 * stores what it made by {@code PUT} at {@link #path(long, int)} ({@link GeneratedTest} per line,
 * {@link TestData#TOKEN_HEADER}), before it validates the tests. Until then the version's stored tests
 * hold empty text in their place.
 *
 * @param generators by the name the recipes call them, without the files they share
 * @param recipes the tests whose inputs are generated, in order
 * @param answerer the main solution, which makes the answers of {@code answers}; null when there are none
 * @param answers the 1-based numbers of the tests whose answers the answerer makes
 * @param answererLimits the problem's own limits, which the main solution is meant to pass: it runs
 *        with these where they exceed the setter's limits; null for the setter's alone (and in messages
 *        before contract version 7)
 * @param sharedFiles files every generator gets beside it (a package's testlib.h), sent once rather
 *        than with each of many generators; empty in messages before contract version 7
 */
public record TestGeneration(
        Map<String, ProblemProgram> generators,
        List<Recipe> recipes,
        ProblemProgram answerer,
        List<Integer> answers,
        JudgeRequest.Limits answererLimits,
        Map<String, String> sharedFiles) {

    public TestGeneration {
        generators = generators == null ? Map.of() : new TreeMap<>(generators);
        recipes = recipes == null ? List.of() : List.copyOf(recipes);
        answers = answers == null ? List.of() : List.copyOf(answers);
        sharedFiles = sharedFiles == null ? Map.of() : new TreeMap<>(sharedFiles);
    }

    public TestGeneration(
            Map<String, ProblemProgram> generators,
            List<Recipe> recipes,
            ProblemProgram answerer,
            List<Integer> answers) {
        this(generators, recipes, answerer, answers, null, null);
    }

    /** The generator the recipes call {@code name}, with the shared files beside it; null if none is. */
    public ProblemProgram generator(String name) {
        ProblemProgram generator = generators.get(name);
        if (generator == null || sharedFiles.isEmpty()) {
            return generator;
        }
        Map<String, String> files = new TreeMap<>(sharedFiles);
        files.putAll(generator.files());
        return new ProblemProgram(generator.language(), generator.sourceCode(), files, generator.compileOptions());
    }

    /** The file an answerer that fails names: the version's preparation fails with it. */
    public static final String ANSWERER = "main solution";

    /** Test {@code test} (1-based) is what {@code generator} prints when run with {@code arguments}. */
    public record Recipe(int test, String generator, List<String> arguments) {

        public Recipe {
            arguments = arguments == null ? List.of() : List.copyOf(arguments);
        }
    }

    /** What a worker made of test {@code test} (1-based): its input, its answer, or both; null for what it did not make. */
    public record GeneratedTest(int test, String input, String expectedOutput) {}

    public static String path(long problemId, int version) {
        return "/internal/problems/" + problemId + "/versions/" + version + "/generated-tests";
    }

    public boolean isEmpty() {
        return recipes.isEmpty() && answers.isEmpty();
    }
}
