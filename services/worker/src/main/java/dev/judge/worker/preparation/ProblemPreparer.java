package dev.judge.worker.preparation;

import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.IntConsumer;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

import dev.judge.contracts.JudgeRequest;
import dev.judge.contracts.JudgeRequest.TestCase;
import dev.judge.contracts.JudgeResult;
import dev.judge.contracts.PreparationResult;
import dev.judge.contracts.ProblemLimits;
import dev.judge.contracts.ProblemPreparation;
import dev.judge.contracts.ProblemProgram;
import dev.judge.contracts.TimeLimitInference;
import dev.judge.contracts.Verdict;
import dev.judge.contracts.language.Language;
import dev.judge.contracts.language.LanguageCatalog;
import dev.judge.worker.judging.Compiler;
import dev.judge.worker.judging.Judge;
import dev.judge.worker.judging.RunVerdicts;
import dev.judge.worker.judging.SetterPrograms;
import dev.judge.worker.judging.WorkerIdentity;
import dev.judge.worker.judging.WorkerProperties;
import dev.judge.worker.problemtests.TestDataStore;
import dev.judge.worker.problemtests.TestSet;
import dev.judge.worker.sandbox.RunOutcome;
import dev.judge.worker.sandbox.RunSpec;
import dev.judge.worker.sandbox.Sandbox;
import dev.judge.worker.sandbox.Sandboxes;

/**
 * Prepares a problem version before submissions are taken: builds its setter programs (kept in this
 * worker's {@link SetterPrograms} cache for the submissions that follow) and runs its validator on
 * every test's input, as testlib's {@code registerValidation} expects (the input on stdin, {@code --group}
 * for a test in a group). The first program that does not build, or the first test the validator
 * rejects, fails the version, naming it with the compiler's or validator's words. Tests given as
 * generators and a main solution are made first ({@link TestGenerator}). A valid version's
 * tagged solutions, if it came with any, are then judged as submissions, each verdict against its tag.
 * All of it within {@code judge.worker.preparation.time-limit}, saying how far it got now and then
 * ({@link PreparationProgress}).
 */
@Component
class ProblemPreparer {

    private static final Logger log = LoggerFactory.getLogger(ProblemPreparer.class);

    private final SetterPrograms setterPrograms;
    private final Sandboxes sandboxes;
    private final TestDataStore testData;
    private final WorkerProperties properties;
    private final String workerName;
    private final Judge judge;
    private final TestGenerator testGenerator;
    private final PreparationProperties preparationProperties;

    private final LanguageCatalog languages;

    ProblemPreparer(
            SetterPrograms setterPrograms,
            Sandboxes sandboxes,
            TestDataStore testData,
            WorkerProperties properties,
            WorkerIdentity identity,
            Judge judge,
            TestGenerator testGenerator,
            PreparationProperties preparationProperties,
            LanguageCatalog languages) {
        this.languages = languages;
        this.judge = judge;
        this.testGenerator = testGenerator;
        this.preparationProperties = preparationProperties;
        this.setterPrograms = setterPrograms;
        this.sandboxes = sandboxes;
        this.testData = testData;
        this.properties = properties;
        this.workerName = identity.name();
    }

    /**
     * @throws IOException when the sandbox failed, not the setter: the preparation is then tried again
     * @throws dev.judge.worker.problemtests.TestDataUnavailableException when the tests could not be fetched, likewise
     */
    PreparationResult prepare(ProblemPreparation preparation) throws IOException {
        return prepare(preparation, progress -> {});
    }

    /**
     * @param reports where its progress is said now and then (a PREPARING result)
     * @throws IOException as {@link #prepare(ProblemPreparation)}
     */
    PreparationResult prepare(ProblemPreparation preparation, Consumer<PreparationResult> reports) throws IOException {
        PreparationProgress progress = new PreparationProgress(preparation, preparationProperties, reports, workerName);
        try {
            return prepare(preparation, progress);
        } catch (PreparationProgress.OutOfTime e) {
            log.info("Problem {} version {}: {}", preparation.problemId(), preparation.version(), e.getMessage());
            return failed(preparation, null, e.getMessage());
        }
    }

    private PreparationResult prepare(ProblemPreparation preparation, PreparationProgress progress) throws IOException {
        long started = System.nanoTime();
        Map<String, ProblemProgram> programs = new LinkedHashMap<>();
        programs.put(ProblemPreparation.CHECKER, preparation.checker());
        programs.put(ProblemPreparation.INTERACTOR, preparation.interactor());
        List<ProblemProgram> validators = preparation.validators();
        for (int index = 0; index < validators.size(); index++) {
            programs.put(validatorName(index), validators.get(index));
        }
        List<SetterPrograms.Built> builtValidators = new ArrayList<>();
        for (Map.Entry<String, ProblemProgram> program : programs.entrySet()) {
            if (program.getValue() == null) {
                continue;
            }
            progress.at("building the " + program.getKey());
            SetterPrograms.Built built = setterPrograms.build(program.getValue());
            if (built.failed()) {
                return failed(preparation, program.getKey(), built.failure());
            }
            if (program.getKey().startsWith(ProblemPreparation.VALIDATOR)) {
                builtValidators.add(built);
            }
        }
        ProblemPreparation prepared = preparation;
        if (preparation.generatesTests()) {
            TestGenerator.Generated generated = testGenerator.generate(preparation, progress);
            if (generated.failed()) {
                return failed(preparation, generated.file(), generated.failure());
            }
            prepared = preparation.withGeneratedTests(generated.tests());
        }
        PreparationResult result = null;
        for (int index = 0; index < builtValidators.size() && result == null; index++) {
            result = validate(
                    prepared, validatorName(index), builtValidators.get(index), validators.get(index), progress);
        }
        if (result == null) {
            result = judgeSolutions(prepared, progress);
        }
        log.info(
                "Prepared problem {} version {}: {} in {} ms",
                preparation.problemId(),
                preparation.version(),
                result.status(),
                (System.nanoTime() - started) / 1_000_000);
        return result;
    }

    /**
     * The setter's tagged solutions, each judged as a submission of it would be: under the version's time
     * limit, or, when it is to be inferred ({@link TimeLimitInference}), under the one its accepted
     * solutions' times give, which the version then takes.
     */
    private PreparationResult judgeSolutions(ProblemPreparation preparation, PreparationProgress progress) {
        Long inferred = null;
        Map<Integer, JudgeResult> timed = Map.of();
        if (preparation.timeLimitInference() != null) {
            Inferred limit = inferTimeLimit(preparation, progress);
            if (limit.failure() != null) {
                return failed(preparation, null, limit.failure());
            }
            inferred = limit.timeLimitMs();
            timed = limit.timed();
            String tooFast = tooFastToExceed(preparation, inferred, progress);
            if (tooFast != null) {
                return failed(preparation, null, tooFast);
            }
        }
        List<PreparationResult.SolutionVerdict> verdicts = new ArrayList<>();
        for (ProblemPreparation.TaggedSolution solution : preparation.solutions()) {
            // An accepted solution timed for the limit used at most 1/acToTimeLimit of it: judged under the
            // limit, that run would be the same, so it is not run again.
            JudgeResult judged = timed.get(verdicts.size());
            if (judged == null) {
                String step = "judging the solution " + solution.name() + " (" + (verdicts.size() + 1) + " of "
                        + preparation.solutions().size() + ")";
                progress.at(step);
                JudgeRequest request = inferred == null ? solution.request() : underLimit(solution.request(), inferred);
                judged = judge.judge(request, Instant.now(), onEachTest(progress, step));
            }
            verdicts.add(PreparationResult.SolutionVerdict.of(
                    solution.name(), solution.tag(), judged.verdict(), judged.score(), judged.maxScore()));
        }
        return inferred == null
                ? PreparationResult.ready(preparation.problemId(), preparation.version(), workerName, verdicts)
                : PreparationResult.ready(
                        preparation.problemId(), preparation.version(), workerName, verdicts, inferred);
    }

    /** The step's progress at each of a solution's tests, and the preparation's time limit held there. */
    private static IntConsumer onEachTest(PreparationProgress progress, String step) {
        return test -> progress.at(step + ", at test " + (test + 1));
    }

    /**
     * An inferred time limit, or why none could be.
     *
     * @param timed the accepted solutions' runs that timed it, by their place among the solutions
     */
    private record Inferred(Long timeLimitMs, String failure, Map<Integer, JudgeResult> timed) {

        static Inferred failed(String why) {
            return new Inferred(null, why, Map.of());
        }
    }

    /**
     * The time limit the accepted solutions' times give: each judged under the version's provisional
     * (generous) limit, its slowest test's CPU time taken back through its language's factor and offset to
     * the problem's scale; the slowest of them × {@code acToTimeLimit}, up to the resolution. An accepted
     * solution out of time even then, none accepted to time, or a limit past the provisional one, fails the
     * version; one wrong otherwise (a Scala 2 program does not compile as Scala 3) times nothing.
     */
    private Inferred inferTimeLimit(ProblemPreparation preparation, PreparationProgress progress) {
        TimeLimitInference inference = preparation.timeLimitInference();
        double neededMs = 0;
        Map<Integer, JudgeResult> timed = new LinkedHashMap<>();
        List<String> failing = new ArrayList<>();
        for (int place = 0; place < preparation.solutions().size(); place++) {
            ProblemPreparation.TaggedSolution solution = preparation.solutions().get(place);
            if (!PreparationResult.SolutionVerdict.isAccepted(solution.tag())) {
                continue;
            }
            String step = "timing the accepted solution " + solution.name() + " for the time limit";
            progress.at(step);
            JudgeResult judged = judge.judge(solution.request(), Instant.now(), onEachTest(progress, step));
            if (judged.verdict() == Verdict.TIME_LIMIT_EXCEEDED) {
                return Inferred.failed("The accepted solution " + solution.name() + " got TIME_LIMIT_EXCEEDED"
                        + " under this judge's most time, so no time limit it can take is inferred.");
            }
            if (judged.verdict() != Verdict.ACCEPTED) {
                // Wrong whatever the limit (it does not compile, say): it times nothing, and is judged again
                // under the limit with the rest, reported against its folder.
                failing.add(solution.name() + " got " + judged.verdict());
                continue;
            }
            long slowest = judged.testCases().stream()
                    .map(JudgeResult.TestCaseResult::cpuTimeMs)
                    .filter(java.util.Objects::nonNull)
                    .mapToLong(Long::longValue)
                    .max()
                    .orElse(0);
            Language.TimeLimits factor = timeLimitsOf(solution.request().language());
            neededMs = Math.max(neededMs, Math.max(0, slowest - factor.offset().toMillis()) / factor.factor());
            timed.put(place, judged);
        }
        if (timed.isEmpty()) {
            return Inferred.failed("No accepted solution was accepted to infer the time limit from"
                    + (failing.isEmpty() ? "." : ": " + String.join(", ", failing) + " under this judge's most time."));
        }
        long limit = inference.limitFor(neededMs);
        long most = mostTimeLimitMs();
        if (limit > most) {
            return Inferred.failed("The accepted solutions need a time limit of " + limit + " ms (their slowest test × "
                    + inference.acToTimeLimit() + "), over this judge's most, " + most + " ms.");
        }
        log.info(
                "Problem {} version {}: time limit {} ms inferred from {} accepted solution(s)",
                preparation.problemId(),
                preparation.version(),
                limit,
                timed.size());
        return new Inferred(limit, null, timed);
    }

    /**
     * The format's upper bound on an inferred limit: every time-limit-exceeded solution is still out of time
     * under the limit × {@code time_limit_to_tle} (up to this judge's most). The limit is the smallest the
     * accepted solutions allow and a larger one is only nearer, so one accepted under that bound leaves no
     * limit both hold: why the version fails; null when none is.
     */
    private String tooFastToExceed(ProblemPreparation preparation, long limitMs, PreparationProgress progress) {
        TimeLimitInference inference = preparation.timeLimitInference();
        long boundMs = Math.min((long) Math.ceil(limitMs * inference.timeLimitToTle()), mostTimeLimitMs());
        for (ProblemPreparation.TaggedSolution solution : preparation.solutions()) {
            if (!PreparationResult.SolutionVerdict.isTimeLimitExceeded(solution.tag())) {
                continue;
            }
            String step = "timing the time-limit-exceeded solution " + solution.name() + " under " + boundMs + " ms";
            progress.at(step);
            JudgeResult judged =
                    judge.judge(underLimit(solution.request(), boundMs), Instant.now(), onEachTest(progress, step));
            if (judged.verdict() == Verdict.ACCEPTED) {
                return "The time-limit-exceeded solution " + solution.name() + " was accepted under " + boundMs
                        + " ms (the time limit the accepted solutions give, " + limitMs + " ms, × time_limit_to_tle "
                        + inference.timeLimitToTle() + "), so no time limit is both " + inference.acToTimeLimit()
                        + " × the slowest accepted solution's time and that far below it.";
            }
        }
        return null;
    }

    /** The most time limit a problem may have here. */
    private long mostTimeLimitMs() {
        return Math.min(
                ProblemLimits.MAX_TIME_LIMIT_MS, properties.maxTimeLimit().toMillis());
    }

    /** A solution's request under the inferred limit, stretched for its language as the API stretches any. */
    private JudgeRequest underLimit(JudgeRequest request, long timeLimitMs) {
        return request.withLimits(new JudgeRequest.Limits(
                timeLimitsOf(request.language()).applyTo(timeLimitMs),
                request.limits().memoryLimitMb()));
    }

    /** How the catalog stretches a problem's time limit for a language. */
    private Language.TimeLimits timeLimitsOf(String language) {
        return languages.find(language).map(Language::timeLimits).orElse(Language.TimeLimits.UNCHANGED);
    }

    /**
     * Runs the validator on each test's input: a testlib validator (exit 0 valid, {@code --group} for a
     * test in a group) or a package's input validator (exit 42 valid, its own arguments).
     *
     * @param name what a failure calls it: "validator", or "validator 2" for a package's second
     * @param asked the validator as the problem gives it: its protocol and arguments
     * @return the version's failure at the first test the validator rejects; null when it accepts them all
     */
    private PreparationResult validate(
            ProblemPreparation preparation,
            String name,
            SetterPrograms.Built validator,
            ProblemProgram asked,
            PreparationProgress progress)
            throws IOException {
        boolean packageValidator = asked.protocol() == ProblemProgram.Protocol.KATTIS;
        try (TestSet tests = testData.open(preparation.testData(), preparation.testCases());
                Sandbox box = sandboxes.open(validator.language())) {
            validator.copyInto(box.folder());
            for (int index = 0; index < tests.size(); index++) {
                progress.at("validating test " + (index + 1) + " of " + tests.size()
                        + (name.equals(ProblemPreparation.VALIDATOR) ? "" : " with the " + name));
                TestCase test = tests.get(index);
                List<String> arguments = new ArrayList<>(asked.argumentsFor(index + 1));
                if (test.group() != null && !packageValidator) {
                    arguments.addAll(List.of("--group", test.group()));
                }
                RunSpec run = properties.setterRun(
                        validator.command(arguments), test.input(), tests.inputFile(index), preparation.setterLimits());
                RunOutcome outcome = box.run(run);
                boolean valid = packageValidator
                        ? RunVerdicts.termination(outcome, run) == RunVerdicts.Termination.EXITED
                                && Integer.valueOf(Language.KATTIS_ACCEPTED).equals(outcome.exitCode())
                        : RunVerdicts.succeeded(outcome, run);
                if (!valid) {
                    return failed(
                            preparation,
                            "test " + (index + 1),
                            RunVerdicts.setterFailure(
                                    name,
                                    outcome,
                                    run,
                                    properties.setterMessageLimit().toBytes()));
                }
            }
        }
        return null;
    }

    /** "validator" for a problem's only or first input validator, "validator 2" for the second... */
    private static String validatorName(int index) {
        return index == 0 ? ProblemPreparation.VALIDATOR : ProblemPreparation.VALIDATOR + " " + (index + 1);
    }

    private PreparationResult failed(ProblemPreparation preparation, String file, String message) {
        return PreparationResult.failed(
                preparation.problemId(),
                preparation.version(),
                file,
                Compiler.truncate(message, properties.compilerOutputLimit().toBytes()),
                workerName);
    }
}
