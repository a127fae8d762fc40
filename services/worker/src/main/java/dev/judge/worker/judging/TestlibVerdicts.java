package dev.judge.worker.judging;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.judge.contracts.Verdict;
import dev.judge.worker.sandbox.RunOutcome;
import dev.judge.worker.sandbox.RunSpec;

/**
 * What a setter's program (a custom checker, an interactor) said of a test, by testlib's exit codes
 * (testlib.h built without TESTSYS, EJUDGE or CONTESTER): 0 accepted; 1 wrong answer; 2 presentation
 * error, 4 extra output and 8 unexpected end of file, all judged as a wrong answer with testlib's
 * reason; 3 the program's own failure; 7 points, read from the first word of stdout or, as testlib's
 * {@code quitp} writes it, from {@code points <points>} on stderr, out of what the test is worth on
 * the checker's scale ({@link dev.judge.contracts.Checker.Scores}: 1 for a share, or its subtask's points);
 * and {@code _pc(n)} (exit code n, {@code partially correct (n)} on stderr), n percent of the test,
 * whatever else exit code n means.
 * Anything else, or a setter's program that crashed or ran out of a limit, is the judge's failure
 * (INTERNAL_ERROR), never the contestant's. Pure, like {@link RunVerdicts}, so that every rule is
 * shown by a unit test.
 */
final class TestlibVerdicts {

    static final int OK = 0;
    static final int WRONG_ANSWER = 1;
    static final int PRESENTATION_ERROR = 2;
    static final int FAIL = 3;
    static final int DIRT = 4;
    static final int POINTS = 7;
    static final int UNEXPECTED_EOF = 8;
    static final int SIGPIPE = 13;

    /** A package output validator's exit codes (the problem package format's). */
    static final int VALIDATOR_ACCEPTED = dev.judge.contracts.language.Language.KATTIS_ACCEPTED;

    static final int VALIDATOR_WRONG_ANSWER = 43;

    /** How testlib's quit() begins its line on stderr (after whatever the program wrote there before) for these results. */
    private static final Pattern TESTLIB_POINTS = Pattern.compile("^points (\\S+)", Pattern.MULTILINE);

    private static final Pattern TESTLIB_PARTIALLY_CORRECT =
            Pattern.compile("^partially correct \\((\\d{1,3})\\)", Pattern.MULTILINE);

    /**
     * A test's outcome.
     *
     * @param score the share of the test's points, in [0, 1]
     * @param message what the setter's program said of it for the contestant (the caller caps its size)
     * @param judgeMessage what a package's validator said of it for the judges alone ({@code
     *     judgemessage.txt}, else its stderr); null for other programs
     */
    record Judgement(Verdict verdict, double score, String message, String judgeMessage) {

        Judgement(Verdict verdict, double score, String message) {
            this(verdict, score, message, null);
        }

        static Judgement of(Verdict verdict, String message) {
            return new Judgement(verdict, verdict == Verdict.ACCEPTED ? 1 : 0, message);
        }

        Judgement forJudges(String judgeMessage) {
            return new Judgement(verdict, score, message, judgeMessage);
        }
    }

    /**
     * What a package's validator left in its feedback folder, as the problem package format splits it:
     * {@code teammessage.txt} for the team, {@code judgemessage.txt} for the judges ("" for nothing).
     */
    record Feedback(String team, String judges) {}

    private TestlibVerdicts() {}

    /**
     * A custom checker's run, after a contestant's run that ended cleanly within its limits.
     *
     * @param outOf the points that are all of the test on the checker's scale: 1 for a share
     */
    static Judgement checked(RunOutcome checker, RunSpec checkerLimits, double outOf) {
        String broken = brokenBecause(checker, checkerLimits, false);
        if (broken != null) {
            return Judgement.of(Verdict.INTERNAL_ERROR, "The checker " + broken + ". " + checker.stderr());
        }
        return byExitCode(checker, "checker", outOf);
    }

    /** A number as decimal text (no hexadecimal, no {@code 1f}, which Java would read and CMS would not). */
    private static final Pattern DECIMAL = Pattern.compile("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?");

    /** CMS's own texts for the messages its comparators give as {@code translate:<name>}. */
    private static final Map<String, String> CMS_MESSAGES = Map.of(
            "translate:success", "Output is correct",
            "translate:partial", "Output is partially correct",
            "translate:wrong", "Output isn't correct");

    /**
     * CMS's comparator's run, after a contestant's run that ended cleanly within its limits: the first
     * line of its stdout is the test's share, in [0, 1]; the first of its stderr the contestant's message.
     * Anything else (another exit, no number, one out of range) is the comparator's failure, as in CMS.
     */
    static Judgement cmsCompared(RunOutcome comparator, RunSpec limits) {
        String broken = brokenBecause(comparator, limits, false);
        if (broken != null) {
            return Judgement.of(Verdict.INTERNAL_ERROR, "The checker " + broken + ". " + comparator.stderr());
        }
        if (comparator.exitCode() != OK) {
            return Judgement.of(
                    Verdict.INTERNAL_ERROR,
                    "The checker failed (exit code " + comparator.exitCode() + ", where CMS's comparator exits 0). "
                            + comparator.stderr());
        }
        String printed = firstLine(comparator.stdout());
        double share = DECIMAL.matcher(printed).matches() ? parsedOrNaN(printed) : Double.NaN;
        if (!(share >= 0 && share <= 1)) {
            return Judgement.of(
                    Verdict.INTERNAL_ERROR,
                    "The checker gave no outcome in [0, 1] on its first line (\"" + printed + "\"). "
                            + comparator.stderr());
        }
        String message = firstLine(comparator.stderr());
        return scored(share, CMS_MESSAGES.getOrDefault(message, message));
    }

    /** The text up to its first line break, stripped ("" for none). */
    private static String firstLine(String text) {
        int end = text.indexOf('\n');
        return (end < 0 ? text : text.substring(0, end)).strip();
    }

    /**
     * A package output validator's run, after a contestant's run that ended cleanly within its limits:
     * as {@link #checked}, but by the exit codes 42 and 43.
     *
     * @param feedback what it left in its feedback folder; its stderr is the judges' message when it left
     *        them none
     */
    static Judgement validated(RunOutcome validator, RunSpec limits, Feedback feedback) {
        String broken = brokenBecause(validator, limits, false);
        if (broken != null) {
            return Judgement.of(Verdict.INTERNAL_ERROR, "The output validator " + broken + ". " + validator.stderr());
        }
        return byValidatorExitCode(validator, "output validator", feedback);
    }

    /**
     * A package output validator's judgement of a test of a scored problem, with the score it left in its
     * feedback folder, as the problem package format has it: {@code score.txt} in points of the test (of
     * {@code worth}), or {@code score_multiplier.txt} a share of them; neither, all of them. A score beside
     * a rejection, both files, or one that is not a number in range is the validator's failure.
     *
     * @param points what it left in score.txt ("" for nothing)
     * @param multiplier what it left in score_multiplier.txt ("" for nothing)
     */
    static Judgement validatorScored(Judgement validated, String points, String multiplier, double worth) {
        boolean hasPoints = !points.isBlank();
        boolean hasMultiplier = !multiplier.isBlank();
        if (!hasPoints && !hasMultiplier || validated.verdict() == Verdict.INTERNAL_ERROR) {
            return validated;
        }
        String failed = hasPoints && hasMultiplier
                ? "left both score.txt and score_multiplier.txt"
                : validated.verdict() != Verdict.ACCEPTED ? "rejected the output but left a score" : null;
        double share = Double.NaN;
        if (failed == null) {
            double given = parsedOrNaN(hasPoints ? points : multiplier);
            double most = hasPoints ? worth : 1;
            share = given >= 0 && given <= most ? (most == 0 ? 0 : given / most) : Double.NaN;
            if (Double.isNaN(share)) {
                failed = "left " + (hasPoints ? "score.txt" : "score_multiplier.txt") + " \""
                        + (hasPoints ? points : multiplier).strip() + "\", which is not a number in [0, "
                        + number(most) + "]";
            }
        }
        if (failed != null) {
            return Judgement.of(
                    Verdict.INTERNAL_ERROR,
                    "The output validator " + failed + ". " + Objects.requireNonNullElse(validated.message(), ""));
        }
        return scored(share, validated.message()).forJudges(validated.judgeMessage());
    }

    private static double parsedOrNaN(String text) {
        try {
            return Double.parseDouble(text.strip());
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }

    /**
     * An interactive test: every instance's run and the interactor's, each under its own limits. In
     * order: a broken interactor is the judge's failure; an instance's limits (the first instance's
     * that went over one); the interactor's "wrong answer" (even if an instance then died writing to
     * it); an instance's crash; what the interactor decided.
     *
     * @param instanceLimits the limits every instance ran with
     * @param validatorFeedback for an interactor that is a package's output validator (exit codes 42 and
     *        43), what it left in its feedback folder; empty for a testlib interactor
     */
    static Interaction interacted(
            List<RunOutcome> instances,
            RunSpec instanceLimits,
            RunOutcome interactor,
            RunSpec interactorLimits,
            Optional<Feedback> validatorFeedback) {
        boolean validator = validatorFeedback.isPresent();
        String broken = brokenBecause(interactor, interactorLimits, true);
        // The problem package format's order (problemtools'): a validator that ended first with a wrong answer
        // decides, whatever the program did after it (spun past its time waiting for an answer, say).
        if (validator
                && broken == null
                && interactor.signal() == null
                && interactor.exitCode() == VALIDATOR_WRONG_ANSWER
                && instances.stream().allMatch(run -> endedNoLater(interactor, run))) {
            return new Interaction(byValidatorExitCode(interactor, "interactor", validatorFeedback.get()), 0);
        }
        if (broken != null) {
            // An interactor that ran out of time waiting for an instance that ran over a limit of its own (spun
            // past its CPU time while the interactor waited, longer on a busy machine) ran out for that instance.
            int overItsOwn = overItsOwnLimits(instances, instanceLimits);
            if (overItsOwn >= 0
                    && RunVerdicts.termination(interactor, interactorLimits) == RunVerdicts.Termination.TIME_LIMIT) {
                return new Interaction(
                        Judgement.of(
                                RunVerdicts.failure(instances.get(overItsOwn), instanceLimits), interactor.stderr()),
                        overItsOwn);
            }
            return new Interaction(
                    Judgement.of(Verdict.INTERNAL_ERROR, "The interactor " + broken + ". " + interactor.stderr()), 0);
        }
        int crashed = -1;
        for (int i = 0; i < instances.size(); i++) {
            Verdict failure = RunVerdicts.failure(instances.get(i), instanceLimits);
            if (failure != null && failure != Verdict.RUNTIME_ERROR) {
                return new Interaction(Judgement.of(failure, interactor.stderr()), i);
            }
            crashed = crashed < 0 && failure != null ? i : crashed;
        }
        Judgement decided = interactor.signal() != null
                // SIGPIPE: an instance stopped reading, and the interactor died telling it more.
                ? Judgement.of(
                        Verdict.WRONG_ANSWER, "The program stopped reading the interactor. " + interactor.stderr())
                : validatorFeedback.isPresent()
                        ? byValidatorExitCode(interactor, "interactor", validatorFeedback.get())
                        : byExitCode(interactor, "interactor", 1);
        // A package's validator rejecting after the program crashed did not end first: the crash is the verdict.
        boolean validatorAfterACrash = validator && decided.verdict() == Verdict.WRONG_ANSWER;
        if (decided.verdict() == Verdict.WRONG_ANSWER && !validatorAfterACrash
                || decided.verdict() == Verdict.INTERNAL_ERROR
                || crashed < 0) {
            return new Interaction(decided, Math.max(crashed, 0));
        }
        return new Interaction(Judgement.of(Verdict.RUNTIME_ERROR, interactor.stderr()), crashed);
    }

    /**
     * Whether the interactor ended no later than a program: by when the sandboxes saw each end, or because
     * the program died of SIGPIPE, writing to the interactor after it had closed its end (ended).
     */
    private static boolean endedNoLater(RunOutcome interactor, RunOutcome program) {
        return Integer.valueOf(SIGPIPE).equals(program.signal()) || interactor.endedNoLaterThan(program);
    }

    /**
     * The first instance that ran over a limit by what it did itself (CPU time, memory, output), not by its
     * clock while it waited; -1 for none.
     */
    private static int overItsOwnLimits(List<RunOutcome> instances, RunSpec limits) {
        for (int i = 0; i < instances.size(); i++) {
            RunOutcome instance = instances.get(i);
            if (!instance.wallLimitReached()
                    && RunVerdicts.termination(instance, limits) != RunVerdicts.Termination.EXITED) {
                return i;
            }
        }
        return -1;
    }

    /** An interactive test's judgement, and the instance whose run decided it (the first, when none did alone). */
    record Interaction(Judgement judgement, int decidingInstance) {}

    /** Why a setter's program cannot be believed, or null if it can. */
    private static String brokenBecause(RunOutcome run, RunSpec limits, boolean sigpipeIsFine) {
        return switch (RunVerdicts.termination(run, limits)) {
            case TIME_LIMIT -> "ran out of time";
            case MEMORY_LIMIT -> "ran out of memory";
            case OUTPUT_LIMIT -> "printed too much";
            case EXITED ->
                run.signal() != null && !(sigpipeIsFine && run.signal() == SIGPIPE)
                        ? "was killed by signal " + run.signal()
                        : null;
        };
    }

    private static Judgement byExitCode(RunOutcome run, String who, double outOf) {
        int exitCode = run.exitCode();
        String partiallyCorrect = lastMatch(TESTLIB_PARTIALLY_CORRECT, run.stderr());
        if (partiallyCorrect != null && Integer.parseInt(partiallyCorrect) == exitCode && exitCode <= 100) {
            return scored(exitCode / 100.0, run.stderr());
        }
        return switch (exitCode) {
            case OK -> Judgement.of(Verdict.ACCEPTED, run.stderr());
            case WRONG_ANSWER, PRESENTATION_ERROR, DIRT, UNEXPECTED_EOF ->
                Judgement.of(Verdict.WRONG_ANSWER, run.stderr());
            case POINTS -> points(run, who, outOf);
            default ->
                Judgement.of(
                        Verdict.INTERNAL_ERROR, "The " + who + " failed (exit code " + exitCode + "). " + run.stderr());
        };
    }

    /** The team is shown its teammessage.txt only; its judgemessage.txt (else its stderr) is the judges'. */
    private static Judgement byValidatorExitCode(RunOutcome run, String who, Feedback feedback) {
        String judges = feedback.judges().isBlank() ? run.stderr() : feedback.judges();
        return switch (run.exitCode()) {
            case VALIDATOR_ACCEPTED -> new Judgement(Verdict.ACCEPTED, 1, feedback.team(), judges);
            case VALIDATOR_WRONG_ANSWER -> new Judgement(Verdict.WRONG_ANSWER, 0, feedback.team(), judges);
            default ->
                Judgement.of(
                        Verdict.INTERNAL_ERROR,
                        "The " + who + " failed (exit code " + run.exitCode() + ", where a validator exits 42 or 43). "
                                + run.stderr());
        };
    }

    private static Judgement points(RunOutcome run, String who, double outOf) {
        String testlib = lastMatch(TESTLIB_POINTS, run.stderr());
        String printed = testlib != null ? testlib : run.stdout().strip().split("\\s+", 2)[0];
        double points;
        try {
            points = Double.parseDouble(printed);
        } catch (NumberFormatException e) {
            points = Double.NaN;
        }
        if (!(points >= 0 && points <= outOf)) {
            return Judgement.of(
                    Verdict.INTERNAL_ERROR,
                    "The " + who + " exited with 7 but gave no score in [0, " + number(outOf) + "] (\"" + printed
                            + "\"). " + run.stderr());
        }
        // A test worth nothing (a sample of a scored problem) scores nothing either way.
        return scored(outOf == 0 ? 0 : points / outOf, run.stderr());
    }

    private static String number(double value) {
        return value == Math.rint(value) ? Long.toString((long) value) : Double.toString(value);
    }

    private static Judgement scored(double score, String message) {
        Verdict verdict =
                score == 1 ? Verdict.ACCEPTED : score == 0 ? Verdict.WRONG_ANSWER : Verdict.PARTIALLY_ACCEPTED;
        return new Judgement(verdict, score, message);
    }

    private static String lastMatch(Pattern pattern, String text) {
        Matcher matcher = pattern.matcher(text);
        String last = null;
        while (matcher.find()) {
            last = matcher.group(1);
        }
        return last;
    }
}
