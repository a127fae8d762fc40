package dev.judge.api.problem;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import dev.judge.contracts.Checker;
import dev.judge.contracts.JudgeRequest;
import dev.judge.contracts.OutputComparison;
import dev.judge.contracts.PreparationResult;
import dev.judge.contracts.ProblemProgram;
import dev.judge.contracts.SetterLimits;
import dev.judge.contracts.TaskKind;
import dev.judge.contracts.TestData;
import dev.judge.contracts.TestGeneration;
import dev.judge.contracts.TimeLimitInference;
import dev.judge.contracts.language.Language;
import dev.judge.contracts.language.LanguageCatalog;

/**
 * One version of a problem: everything a submission is judged by. Immutable once stored; editing a
 * problem stores the next version.
 *
 * @param checker null for an interactive problem whose interactor alone decides
 * @param interactor null unless the problem is interactive
 * @param groups subtasks in judging order; empty for a problem without them
 * @param timeLimits this problem's own time factors by language id, over the catalog's
 * @param testCases null when read without them: then they go to workers by {@code testData}
 * @param testData what workers fetch the tests by; null before the version is stored
 * @param validator run on each test's input when the version is prepared; null for none
 * @param preparation where its preparation is: READY at once for a version without setter programs
 * @param solutions the setter's tagged solutions, judged when it is prepared (an import with verify); empty for none
 * @param generation its tests still to be made by the setter's generators and main solution (their
 *        places in {@code testCases} empty until then); null when there are none, or once made
 * @param setterLimits its own limits for its setter programs
 * @param graders by language id, what each submission in that language is compiled with; empty for a
 *        problem without graders (any language), else only these languages are taken
 * @param feedback what a submission's own key sees of its judgement
 * @param outputOnly its submissions give each test's output, judged by the checker, never run
 * @param runs how many instances of a submission each test runs at once (a communication problem), in
 *        how many passes at most (a multi-pass problem)
 * @param timeLimitInference for a package that gives no time limit: how its preparation infers one from
 *        the example submissions' times (until then {@code timeLimitMs} is provisional); null otherwise
 * @param furtherValidators a package's input validators after the first ({@code validator}): each runs
 *        on every test too; empty for none
 * @param languages the languages it takes submissions in, by the catalog's ids (a problem package's
 *        {@code languages}), sorted; empty for every one the judge offers
 */
public record ProblemVersion(
        long problemId,
        int version,
        String title,
        int timeLimitMs,
        int memoryLimitMb,
        boolean stopOnFirstFailure,
        Checker checker,
        ProblemProgram interactor,
        List<JudgeRequest.Group> groups,
        Map<String, Language.TimeLimits> timeLimits,
        List<JudgeRequest.TestCase> testCases,
        TestData testData,
        ProblemProgram validator,
        Preparation preparation,
        List<TaggedSolution> solutions,
        TestGeneration generation,
        SetterLimits setterLimits,
        Map<String, Grader> graders,
        Feedback feedback,
        boolean outputOnly,
        JudgeRequest.Runs runs,
        TimeLimitInference timeLimitInference,
        List<ProblemProgram> furtherValidators,
        List<String> languages) {

    public ProblemVersion {
        solutions = solutions == null ? List.of() : List.copyOf(solutions);
        furtherValidators = furtherValidators == null ? List.of() : List.copyOf(furtherValidators);
        languages = languages == null ? List.of() : List.copyOf(new java.util.TreeSet<>(languages));
        setterLimits = setterLimits == null ? SetterLimits.WORKERS : setterLimits;
        graders = graders == null ? Map.of() : Map.copyOf(graders);
        feedback = feedback == null ? Feedback.FULL : feedback;
        runs = runs == null ? JudgeRequest.Runs.ONE : runs;
    }

    /**
     * @param policy what a submission's own key sees ({@link FeedbackPolicy})
     * @param samples the sample tests' numbers, from 1: always shown in full
     */
    public record Feedback(FeedbackPolicy policy, List<Integer> samples) {

        public static final Feedback FULL = new Feedback(FeedbackPolicy.FULL, List.of());

        public Feedback {
            policy = policy == null ? FeedbackPolicy.FULL : policy;
            samples = samples == null ? List.of() : List.copyOf(samples);
        }

        /** Whether the test of this index (from 0, as results number them) is a sample. */
        public boolean isSample(int index) {
            return samples.contains(index + 1);
        }
    }

    /**
     * A language's grader (IOI's function tasks): its files, the language's source file (its entry
     * point) among them, and the name the contestant's source is saved as beside them.
     */
    public record Grader(String solutionFile, Map<String, String> files) {

        public Grader {
            files = files == null ? Map.of() : new java.util.TreeMap<>(files);
        }

        /** What a submission in its language builds: its source as solutionFile, beside these files. */
        JudgeRequest.Program program() {
            return new JudgeRequest.Program(solutionFile, files, null);
        }

        /** The names a contestant's own files may not take. */
        public java.util.Set<String> takenNames() {
            java.util.Set<String> taken = new java.util.TreeSet<>(files.keySet());
            taken.add(solutionFile);
            return taken;
        }
    }

    /** @param name where the setter keeps it (its path in a package) */
    /**
     * @param program null when it is not judged
     * @param notJudged why it is not judged (a package's submission in a language this judge does not
     *     offer); null for one that is
     */
    public record TaggedSolution(String name, String tag, ProblemProgram program, String notJudged) {

        public TaggedSolution(String name, String tag, ProblemProgram program) {
            this(name, tag, program, null);
        }
    }

    /**
     * @param file what failed ("checker", "interactor", "validator", "test <n>"); null unless FAILED
     * @param message the compiler's or validator's words, for the problem's managers; null unless FAILED
     * @param solutions the tagged solutions' verdicts once READY; empty for none
     */
    /** @param progress while PREPARING, how far the worker preparing it got; null before one has said */
    public record Preparation(
            PreparationResult.Status status,
            String file,
            String message,
            List<PreparationResult.SolutionVerdict> solutions,
            String progress) {

        public Preparation {
            solutions = solutions == null ? List.of() : List.copyOf(solutions);
        }

        static final Preparation READY = new Preparation(PreparationResult.Status.READY, null, null, List.of(), null);

        public boolean isReady() {
            return status == PreparationResult.Status.READY;
        }
    }

    /** Whether a worker must build its programs (validate its tests, judge its solutions) before submissions are taken. */
    public boolean needsPreparation() {
        return interactor != null
                || validator != null
                || checker != null && checker.isCustom()
                || !solutions.isEmpty()
                || generation != null;
    }

    /** What readers of contract version 1 and the problem table's summary know of the checker. */
    public OutputComparison comparison() {
        return checker == null ? OutputComparison.EXACT : checker.asComparison();
    }

    /**
     * The request a program in this language gets when submitted to this version: the time limit
     * stretched for its language (this problem's own factor, else the catalog's), and its tests or,
     * when they were read without them, the reference to them.
     */
    public JudgeRequest judgeRequest(
            UUID id, String language, String sourceCode, Instant acceptedAt, int judgement, LanguageCatalog languages) {
        Language.TimeLimits factor = timeLimits.get(language);
        if (factor == null) {
            factor = languages.find(language).map(Language::timeLimits).orElse(Language.TimeLimits.UNCHANGED);
        }
        return new JudgeRequest(
                id,
                language,
                sourceCode,
                new JudgeRequest.Limits(factor.applyTo(timeLimitMs), memoryLimitMb),
                comparison(),
                checker,
                interactor,
                groups,
                stopOnFirstFailure,
                testCases,
                acceptedAt,
                testCases == null ? testData : null,
                judgement,
                setterLimits,
                graders.containsKey(language) ? graders.get(language).program() : null,
                null,
                runs,
                TaskKind.of(null, interactor, runs));
    }

    /** The same version with tests of its own, none to generate: what a new upload of tests makes of it. */
    ProblemVersion withoutGeneration() {
        return new ProblemVersion(
                problemId,
                version,
                title,
                timeLimitMs,
                memoryLimitMb,
                stopOnFirstFailure,
                checker,
                interactor,
                groups,
                timeLimits,
                testCases,
                testData,
                validator,
                preparation,
                solutions,
                null,
                setterLimits,
                graders,
                feedback,
                outputOnly,
                runs,
                timeLimitInference,
                furtherValidators,
                languages);
    }

    public ProblemVersion with(TestData data, List<JudgeRequest.TestCase> tests) {
        return new ProblemVersion(
                problemId,
                version,
                title,
                timeLimitMs,
                memoryLimitMb,
                stopOnFirstFailure,
                checker,
                interactor,
                groups,
                timeLimits,
                tests,
                data,
                validator,
                preparation,
                solutions,
                generation,
                setterLimits,
                graders,
                feedback,
                outputOnly,
                runs,
                timeLimitInference,
                furtherValidators,
                languages);
    }
}
