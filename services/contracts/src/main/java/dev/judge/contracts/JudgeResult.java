package dev.judge.contracts;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * Worker → result consumer, on {@link JudgeQueues#RESULTS}.
 *
 * <p>A worker sends one {@link SubmissionStatus#RUNNING} result when it starts a submission and one
 * {@link SubmissionStatus#FINISHED} result with the verdict. Either may arrive more than once (a
 * redelivered request is judged again), so the consumer records them idempotently.
 *
 * @param verdict null while RUNNING
 * @param compilerOutput the compiler's messages, size-capped; null when the language has no compile step
 * @param worker which worker judged it (its host name), for tracing
 * @param score the points scored; null while RUNNING and for runs without a problem (added in version 2)
 * @param maxScore the points the problem is worth
 * @param groups the subtasks' outcomes, in judging order; empty for a problem without subtasks
 * @param judgement the request's judgement number (1 in messages before contract version 4)
 */
public record JudgeResult(
        UUID submissionId,
        SubmissionStatus status,
        Verdict verdict,
        String compilerOutput,
        List<TestCaseResult> testCases,
        Instant acceptedAt,
        Instant startedAt,
        Instant finishedAt,
        String worker,
        Double score,
        Double maxScore,
        List<GroupResult> groups,
        Integer judgement) {

    public JudgeResult {
        groups = groups == null ? List.of() : List.copyOf(groups);
        judgement = judgement == null ? 1 : judgement;
    }

    public static JudgeResult running(JudgeRequest request, Instant startedAt, String worker) {
        return new JudgeResult(
                request.submissionId(),
                SubmissionStatus.RUNNING,
                null,
                null,
                List.of(),
                request.acceptedAt(),
                startedAt,
                null,
                worker,
                null,
                null,
                List.of(),
                request.judgement());
    }

    /**
     * One run of the program.
     *
     * @param cpuTimeMs null when the sandbox could not measure it
     * @param memoryKb peak memory; null when the sandbox could not measure it
     * @param exitCode null when the program was killed by a signal or never started
     * @param signal the signal that killed the program, if any
     * @param output what the program printed (size-capped); only for runs without expected output
     * @param group the subtask it belongs to, if the problem has subtasks
     * @param score the share of the test's points in [0, 1]: 1 when accepted, 0 when not, between
     *        when a custom checker or interactor gave a partial score; null for runs without a problem
     * @param checkerMessage what a custom checker or interactor said of it for the contestant (size-capped):
     *        a package validator's teammessage.txt
     * @param judgeMessage what a package validator said of it for the judges alone (size-capped): its
     *        judgemessage.txt, else its stderr; null for other programs, and in results before contract
     *        version 16
     */
    public record TestCaseResult(
            int index,
            Verdict verdict,
            Long cpuTimeMs,
            long wallTimeMs,
            Long memoryKb,
            Integer exitCode,
            Integer signal,
            String output,
            String group,
            Double score,
            String checkerMessage,
            String judgeMessage) {}

    /**
     * One subtask's outcome.
     *
     * @param verdict its first failing test's verdict, ACCEPTED if none failed; null when skipped
     * @param skipped not judged, because a group it depends on did not pass
     */
    public record GroupResult(String name, double points, double score, Verdict verdict, boolean skipped) {}
}
