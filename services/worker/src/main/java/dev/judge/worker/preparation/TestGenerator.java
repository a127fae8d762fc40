package dev.judge.worker.preparation;

import java.io.BufferedOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.springframework.stereotype.Component;
import tools.jackson.core.StreamWriteFeature;
import tools.jackson.databind.ObjectWriter;
import tools.jackson.databind.json.JsonMapper;

import dev.judge.contracts.ProblemPreparation;
import dev.judge.contracts.TestData;
import dev.judge.contracts.TestGeneration;
import dev.judge.worker.judging.RunVerdicts;
import dev.judge.worker.judging.SetterPrograms;
import dev.judge.worker.judging.WorkerProperties;
import dev.judge.worker.problemtests.TestDataOverQuotaException;
import dev.judge.worker.problemtests.TestDataStore;
import dev.judge.worker.problemtests.TestSet;
import dev.judge.worker.sandbox.RunOutcome;
import dev.judge.worker.sandbox.RunSpec;
import dev.judge.worker.sandbox.Sandbox;
import dev.judge.worker.sandbox.SandboxProperties;
import dev.judge.worker.sandbox.Sandboxes;

/**
 * Makes the tests a setter gave as programs ({@link TestGeneration}): each generated input is what its
 * generator prints, run in a sandbox of its own with its arguments as Polygon passes them (no shell:
 * each argument as it is); each missing answer is what the main solution prints on the input. Both
 * run within the setter's limits, the main solution within the problem's where they are higher. What was made is stored with the API, which answers with the
 * version's complete tests; the preparation then validates and judges against those.
 */
@Component
class TestGenerator {

    /** The complete tests, or what failed (a program's name or {@code test <n>}) and why. */
    record Generated(TestData tests, String file, String failure) {

        static Generated failed(String file, String failure) {
            return new Generated(null, file, failure);
        }

        boolean failed() {
            return failure != null;
        }
    }

    private final SetterPrograms setterPrograms;
    private final Sandboxes sandboxes;
    private final TestDataStore testData;
    private final WorkerProperties properties;
    private final PreparationProperties preparationProperties;
    private final Path workDir;
    private final ObjectWriter lines;

    TestGenerator(
            SetterPrograms setterPrograms,
            Sandboxes sandboxes,
            TestDataStore testData,
            WorkerProperties properties,
            PreparationProperties preparationProperties,
            SandboxProperties sandboxProperties,
            JsonMapper json) {
        this.preparationProperties = preparationProperties;
        this.setterPrograms = setterPrograms;
        this.sandboxes = sandboxes;
        this.testData = testData;
        this.properties = properties;
        this.workDir = sandboxProperties.workDir();
        this.lines = json.writer().without(StreamWriteFeature.AUTO_CLOSE_TARGET);
    }

    /**
     * @throws IOException when the sandbox failed, not the setter
     * @throws dev.judge.worker.problemtests.TestDataUnavailableException when the tests could not be fetched or stored
     */
    Generated generate(ProblemPreparation preparation, PreparationProgress progress) throws IOException {
        TestGeneration generation = preparation.generation();
        Map<String, SetterPrograms.Built> generators = new HashMap<>();
        for (String name : generation.generators().keySet()) {
            progress.at("building the generator " + name);
            SetterPrograms.Built built = setterPrograms.build(generation.generator(name));
            if (built.failed()) {
                return Generated.failed(ProblemPreparation.GENERATOR + name, built.failure());
            }
            generators.put(name, built);
        }
        SetterPrograms.Built answerer = null;
        if (generation.answerer() != null) {
            progress.at("building the main solution");
            answerer = setterPrograms.build(generation.answerer());
            if (answerer.failed()) {
                return Generated.failed(TestGeneration.ANSWERER, answerer.failure());
            }
        }
        Map<Integer, TestGeneration.Recipe> recipes = new HashMap<>();
        generation.recipes().forEach(recipe -> recipes.put(recipe.test(), recipe));
        Set<Integer> answers = new HashSet<>(generation.answers());
        Path made = Files.createTempFile(workDir, "generated-", ".ndjson");
        try {
            try (TestSet tests = testData.open(preparation.testData(), preparation.testCases());
                    CountingOutputStream out =
                            new CountingOutputStream(new BufferedOutputStream(Files.newOutputStream(made)))) {
                for (int index = 0; index < tests.size(); index++) {
                    int test = index + 1;
                    TestGeneration.Recipe recipe = recipes.get(test);
                    if (recipe == null && !answers.contains(test)) {
                        continue;
                    }
                    progress.at("making test " + test + " of " + tests.size());
                    String input;
                    if (recipe != null) {
                        SetterPrograms.Built generator = generators.get(recipe.generator());
                        if (generator == null) {
                            return Generated.failed(
                                    "test " + test, "its generator \"" + recipe.generator() + "\" was not given");
                        }
                        RunSpec run = properties.setterRun(
                                generator.command(recipe.arguments()), "", null, preparation.setterLimits());
                        RunOutcome outcome = runAlone(generator, run);
                        if (!RunVerdicts.succeeded(outcome, run)) {
                            return Generated.failed(
                                    "test " + test,
                                    RunVerdicts.setterFailure(
                                            "generator " + recipe.generator(),
                                            outcome,
                                            run,
                                            properties.setterMessageLimit().toBytes()));
                        }
                        input = outcome.stdout();
                    } else {
                        input = inputOf(tests, index);
                    }
                    String answer = null;
                    if (answers.contains(test)) {
                        RunSpec run = properties.answererRun(
                                answerer.command(List.of()),
                                input,
                                preparation.setterLimits(),
                                generation.answererLimits());
                        RunOutcome outcome = runAlone(answerer, run);
                        if (!RunVerdicts.succeeded(outcome, run)) {
                            return Generated.failed(
                                    "test " + test,
                                    RunVerdicts.setterFailure(
                                            TestGeneration.ANSWERER,
                                            outcome,
                                            run,
                                            properties.setterMessageLimit().toBytes()));
                        }
                        answer = outcome.stdout();
                    }
                    lines.writeValue(
                            out, new TestGeneration.GeneratedTest(test, recipe == null ? null : input, answer));
                    out.write('\n');
                    if (out.count() > preparationProperties.maxGeneratedSize().toBytes()) {
                        return Generated.failed(
                                "test " + test,
                                "the tests made so far come to more than "
                                        + preparationProperties
                                                .maxGeneratedSize()
                                                .toMegabytes()
                                        + " MB as this judge keeps them (judge.worker.preparation.max-generated-size)");
                    }
                }
            }
            try {
                return new Generated(
                        testData.storeGenerated(preparation.problemId(), preparation.version(), made), null, null);
            } catch (TestDataOverQuotaException e) {
                return Generated.failed(
                        "the generated tests",
                        "they would put the problem's owner over the test data it may store"
                                + " (judge.test-data.max-stored-per-key on the API)");
            }
        } finally {
            Files.deleteIfExists(made);
        }
    }

    /** Counts what it writes. */
    private static final class CountingOutputStream extends FilterOutputStream {

        private long count;

        CountingOutputStream(OutputStream out) {
            super(out);
        }

        @Override
        public void write(int b) throws IOException {
            out.write(b);
            count++;
        }

        @Override
        public void write(byte[] bytes, int offset, int length) throws IOException {
            out.write(bytes, offset, length);
            count += length;
        }

        long count() {
            return count;
        }
    }

    /** In a sandbox of its own: what one generator run leaves behind is never seen by the next. */
    private RunOutcome runAlone(SetterPrograms.Built program, RunSpec run) throws IOException {
        try (Sandbox box = sandboxes.open(program.language())) {
            program.copyInto(box.folder());
            return box.run(run);
        }
    }

    private static String inputOf(TestSet tests, int index) throws IOException {
        Path file = tests.inputFile(index);
        return file == null ? tests.get(index).input() : Files.readString(file);
    }
}
