package dev.judge.contracts;

import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Worker → result consumer, on {@link JudgeQueues#PREPARATIONS_DONE}: how a {@link ProblemPreparation}
 * ended. Recorded once: the first result for a version that is still preparing wins.
 *
 * @param status READY or FAILED; PREPARING for a word on a preparation still under way: {@code progress}
 * @param file what failed: {@code checker}, {@code interactor}, {@code validator}, {@code generator <name>},
 *        {@code main solution} (which did not build), {@code test <n>} (1-based: which the validator
 *        rejected, or whose generator or answerer failed); null when ready, or when the preparation ran
 *        out of its time (the message says where it was)
 * @param message the compiler's or the validator's words, size-capped; null when ready. For the
 *        problem's managers only: it quotes the setter's code and tests
 * @param solutions the tagged solutions' verdicts, in the preparation's order; empty when it had none
 *        or failed before judging them
 * @param progress with PREPARING, how far it got ("validating test 12 of 500"); null otherwise (and in
 *        messages before contract version 8, which had no PREPARING result)
 * @param timeLimitMs with READY, the time limit inferred from the example submissions' times
 *        ({@link TimeLimitInference}): the version's from then on; null when it had its own
 */
public record PreparationResult(
        long problemId,
        int version,
        Status status,
        String file,
        String message,
        Instant preparedAt,
        String worker,
        List<SolutionVerdict> solutions,
        String progress,
        Long timeLimitMs) {

    public PreparationResult {
        solutions = solutions == null ? List.of() : List.copyOf(solutions);
    }

    public PreparationResult(
            long problemId,
            int version,
            Status status,
            String file,
            String message,
            Instant preparedAt,
            String worker,
            List<SolutionVerdict> solutions,
            String progress) {
        this(problemId, version, status, file, message, preparedAt, worker, solutions, progress, null);
    }

    /** How far a preparation still under way got. */
    public static PreparationResult progress(long problemId, int version, String worker, String progress) {
        return new PreparationResult(
                problemId, version, Status.PREPARING, null, null, Instant.now(), worker, List.of(), progress);
    }

    /**
     * @param matchesTag whether the verdict is one its tag allows (null for a tag this judge does not know)
     */
    public record SolutionVerdict(String name, String tag, Verdict verdict, Double score, Boolean matchesTag) {

        /**
         * @param maxScore what all of the problem is worth: a {@code partially-accepted} solution (the problem
         *     package format's folder) scores more than nothing and less than that, whatever its verdict
         */
        public static SolutionVerdict of(String name, String tag, Verdict verdict, Double score, Double maxScore) {
            if (PARTIALLY_ACCEPTED.equalsIgnoreCase(tag)) {
                return new SolutionVerdict(
                        name, tag, verdict, score, score != null && maxScore != null && score > 0 && score < maxScore);
            }
            Set<Verdict> allowed = allowedBy(tag);
            return new SolutionVerdict(name, tag, verdict, score, allowed == null ? null : allowed.contains(verdict));
        }

        /** The tag of a solution that scores some of a scored problem but not all. */
        public static final String PARTIALLY_ACCEPTED = "partially-accepted";

        /** Whether a tag says its solution is accepted (Polygon's main and accepted, the format's accepted). */
        public static boolean isAccepted(String tag) {
            return Set.of(Verdict.ACCEPTED).equals(allowedBy(tag));
        }

        /** Whether a tag says its solution is out of time (the format's time_limit_exceeded). */
        public static boolean isTimeLimitExceeded(String tag) {
            return Set.of(Verdict.TIME_LIMIT_EXCEEDED).equals(allowedBy(tag));
        }

        /**
         * The verdicts Polygon's solution tags allow; null for a tag this judge does not know. Presentation
         * errors are wrong answers here (testlib's exit code 2 is judged WRONG_ANSWER).
         */
        static Set<Verdict> allowedBy(String tag) {
            return switch (tag == null ? "" : tag.toLowerCase(Locale.ROOT)) {
                case "main", "accepted" -> Set.of(Verdict.ACCEPTED);
                case "wrong-answer", "presentation-error" -> Set.of(Verdict.WRONG_ANSWER);
                case "time-limit-exceeded" -> Set.of(Verdict.TIME_LIMIT_EXCEEDED);
                case "time-limit-exceeded-or-accepted" -> Set.of(Verdict.TIME_LIMIT_EXCEEDED, Verdict.ACCEPTED);
                case "time-limit-exceeded-or-memory-limit-exceeded" ->
                    Set.of(Verdict.TIME_LIMIT_EXCEEDED, Verdict.MEMORY_LIMIT_EXCEEDED);
                case "memory-limit-exceeded" -> Set.of(Verdict.MEMORY_LIMIT_EXCEEDED);
                case "runtime-error" -> Set.of(Verdict.RUNTIME_ERROR);
                // The problem package format's verdicts know no memory limit: running out of memory is a run-time
                // error.
                case "run-time-error" -> Set.of(Verdict.RUNTIME_ERROR, Verdict.MEMORY_LIMIT_EXCEEDED);
                case "brute-force" ->
                    Set.of(Verdict.RUNTIME_ERROR, Verdict.MEMORY_LIMIT_EXCEEDED, Verdict.TIME_LIMIT_EXCEEDED);
                case "rejected" ->
                    Set.of(
                            Verdict.WRONG_ANSWER,
                            Verdict.TIME_LIMIT_EXCEEDED,
                            Verdict.MEMORY_LIMIT_EXCEEDED,
                            Verdict.RUNTIME_ERROR,
                            Verdict.PARTIALLY_ACCEPTED,
                            Verdict.COMPILATION_ERROR);
                default -> null;
            };
        }
    }

    public enum Status {
        /** Stored; waiting for a worker to build its programs and validate its tests. */
        PREPARING,
        /** Submissions may be made to it. */
        READY,
        /** A program did not build or a test is invalid; submissions to it are refused. */
        FAILED
    }

    /** Ready, with the time limit inferred from its example submissions. */
    public static PreparationResult ready(
            long problemId, int version, String worker, List<SolutionVerdict> solutions, long timeLimitMs) {
        return new PreparationResult(
                problemId, version, Status.READY, null, null, Instant.now(), worker, solutions, null, timeLimitMs);
    }

    public static PreparationResult ready(long problemId, int version, String worker, List<SolutionVerdict> solutions) {
        return new PreparationResult(
                problemId, version, Status.READY, null, null, Instant.now(), worker, solutions, null);
    }

    public static PreparationResult failed(long problemId, int version, String file, String message, String worker) {
        return new PreparationResult(
                problemId, version, Status.FAILED, file, message, Instant.now(), worker, List.of(), null);
    }
}
