package dev.judge.api.problem.importing;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import dev.judge.api.problem.FeedbackPolicy;
import dev.judge.api.problem.ProblemRepository;
import dev.judge.api.problem.ProblemRequest;
import dev.judge.api.problem.ProblemVersion;
import dev.judge.api.problem.importing.archive.InvalidPackageException;
import dev.judge.api.problem.importing.kattis.KattisPackage;
import dev.judge.contracts.Checker;
import dev.judge.contracts.JudgeRequest;
import dev.judge.contracts.PreparationResult;
import dev.judge.contracts.ProblemLimits;
import dev.judge.contracts.ProblemProgram;
import dev.judge.contracts.language.LanguageCatalog;

/**
 * An ICPC / Kattis package's problem as a version this judge stores: all or nothing (pass-fail), every
 * test judged in order (samples first) until the first that fails, as the format's {@code on_reject:
 * break} has it. The default output validator is the checker {@code tokens} with its flags; the
 * package's own is a checker (or, for an interactive problem, the interactor) of the {@code kattis}
 * protocol with the flags as its arguments; a multi-pass problem's passes are the package's
 * {@code validation_passes}; a submit-answer problem is output-only. Its example submissions are its
 * tagged solutions, each folder a tag ({@link #tag}).
 */
final class KattisImport {

    private KattisImport() {}

    /**
     * The version, without its tests: {@link #tests} reads them.
     *
     * @param verify whether its example submissions are kept, to be judged when the version is prepared
     */
    static ProblemVersion toVersion(KattisPackage.Problem problem, boolean verify, LanguageCatalog languages) {
        KattisPackage.Judging judging = problem.judging();
        ProblemProgram validator =
                judging.validator() == null ? null : validator(judging.validator(), judging.arguments());
        ProblemProgram interactor = judging.interactive() ? validator : null;
        List<JudgeRequest.Group> groups = groups(problem);
        Checker checker = judging.interactive()
                ? null
                : validator != null
                        // A scored problem's validator scores in points of the test (score.txt).
                        ? new Checker(
                                Checker.Kind.CUSTOM,
                                null,
                                validator,
                                groups.isEmpty() ? Checker.Scores.SHARE : Checker.Scores.POINTS)
                        : Checker.tokens(judging.tokens());
        return new ProblemVersion(
                0,
                0,
                problem.title(),
                // A limit to infer: the most until the version's preparation has timed the accepted submissions.
                problem.timeLimitMs() == null ? ProblemLimits.MAX_TIME_LIMIT_MS : problem.timeLimitMs(),
                // The format's typical default is 2048 MiB; this judge's most is what a package without one gets.
                problem.memoryLimitMb() == null ? ProblemLimits.MAX_MEMORY_LIMIT_MB : problem.memoryLimitMb(),
                true,
                checker,
                interactor,
                groups,
                Map.of(),
                null, // read one at a time by tests()
                null,
                problem.inputValidators().isEmpty()
                        ? null
                        : inputValidator(problem.inputValidators().getFirst()),
                null,
                verify || problem.timeLimitInference() != null ? solutions(problem) : List.of(),
                null,
                null,
                graders(problem, languages),
                new ProblemVersion.Feedback(FeedbackPolicy.FULL, samples(problem)),
                judging.submitAnswer(),
                new JudgeRequest.Runs(1, judging.passes()),
                problem.timeLimitInference(),
                problem.inputValidators().stream()
                        .skip(1)
                        .map(KattisImport::inputValidator)
                        .toList(),
                problem.languages());
    }

    /** The version's tests, read one at a time as they are stored. */
    static ProblemRepository.UploadedTests tests(KattisPackage.Problem problem, PackageTests.Files files) {
        return PackageTests.of(
                problem.tests().stream()
                        .map(test -> new PackageTests.Entry(test.input(), test.answer(), test.group()))
                        .toList(),
                files);
    }

    /**
     * The tag a submission's folder gives, in the spelling of the tags this judge checks verdicts against
     * ({@code PreparationResult.SolutionVerdict}): a folder the format does not define is its own tag,
     * judged with no verdict to match.
     */
    static String tag(String folder) {
        return switch (folder) {
            case "accepted" -> "accepted";
            case "wrong_answer" -> "wrong-answer";
            case "time_limit_exceeded" -> "time-limit-exceeded";
            case "run_time_error" -> "run-time-error";
            case "brute_force" -> "brute-force";
            case "rejected" -> "rejected";
            case "partially_accepted" -> PreparationResult.SolutionVerdict.PARTIALLY_ACCEPTED;
            default -> folder;
        };
    }

    private static ProblemProgram validator(KattisPackage.Program program, List<String> arguments) {
        return validator(program, arguments, Map.of());
    }

    private static ProblemProgram inputValidator(KattisPackage.InputValidator validator) {
        return validator(validator.program(), List.of(), validator.testArguments());
    }

    /** A package's validator: of the format's protocol, with its arguments, and each test's own where given. */
    private static ProblemProgram validator(
            KattisPackage.Program program, List<String> arguments, Map<Integer, List<String>> testArguments) {
        return new ProblemProgram(
                program.language(),
                program.sourceCode(),
                program.files(),
                null,
                ProblemProgram.Protocol.KATTIS,
                arguments,
                testArguments);
    }

    private static List<ProblemVersion.TaggedSolution> solutions(KattisPackage.Problem problem) {
        List<ProblemVersion.TaggedSolution> solutions = new ArrayList<>();
        problem.submissions()
                .forEach(submission -> solutions.add(new ProblemVersion.TaggedSolution(
                        submission.program().path(),
                        tag(submission.folder()),
                        new ProblemProgram(
                                submission.program().language(),
                                submission.program().sourceCode(),
                                submission.program().files()))));
        problem.notJudged()
                .forEach(skipped -> solutions.add(new ProblemVersion.TaggedSolution(
                        skipped.path(), tag(skipped.folder()), null, skipped.reason())));
        return solutions;
    }

    /**
     * The package's scoring groups, held to the JSON API's bounds: at most {@link ProblemRequest#MAX_GROUPS},
     * names of letters, digits, '.', '_' and '-', points up to {@link ProblemRequest#MAX_POINTS}.
     */
    private static List<JudgeRequest.Group> groups(KattisPackage.Problem problem) {
        if (problem.groups().size() > ProblemRequest.MAX_GROUPS) {
            throw invalid(
                    "data/secret/",
                    "it has " + problem.groups().size() + " test data groups; this judge takes up to "
                            + ProblemRequest.MAX_GROUPS);
        }
        for (JudgeRequest.Group group : problem.groups()) {
            if (!group.name().matches(ProblemRequest.NAME)) {
                throw invalid(
                        "data/secret/" + group.name() + "/",
                        "its name is not letters, digits, '.', '_' or '-' " + "(up to 64)");
            }
            if (group.points() > ProblemRequest.MAX_POINTS) {
                throw invalid(
                        "data/secret/" + group.name() + "/",
                        "it is worth over " + (long) ProblemRequest.MAX_POINTS + " points");
            }
        }
        return problem.groups();
    }

    /**
     * Each language's files of include/, built with its submissions as a grader's are: the submission's
     * source is the language's own source file, their entry point.
     */
    private static Map<String, ProblemVersion.Grader> graders(
            KattisPackage.Problem problem, LanguageCatalog languages) {
        Map<String, ProblemVersion.Grader> graders = new TreeMap<>();
        problem.graders()
                .forEach((language, files) -> languages
                        .find(language)
                        .ifPresent(
                                found -> graders.put(language, new ProblemVersion.Grader(found.sourceFile(), files))));
        return graders;
    }

    private static InvalidPackageException invalid(String file, String reason) {
        return new InvalidPackageException(file, reason);
    }

    private static List<Integer> samples(KattisPackage.Problem problem) {
        List<Integer> samples = new ArrayList<>();
        for (int index = 0; index < problem.tests().size(); index++) {
            if (problem.tests().get(index).sample()) {
                samples.add(index + 1);
            }
        }
        return samples;
    }
}
