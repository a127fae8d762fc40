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
        String worker) {

    public static JudgeResult running(JudgeRequest request, Instant startedAt, String worker) {
        return new JudgeResult(request.submissionId(), SubmissionStatus.RUNNING, null, null, List.of(),
                request.acceptedAt(), startedAt, null, worker);
    }

    /**
     * One run of the program.
     *
     * @param cpuTimeMs null when the sandbox could not measure it
     * @param memoryKb peak memory; null when the sandbox could not measure it
     * @param exitCode null when the program was killed by a signal or never started
     * @param signal the signal that killed the program, if any
     * @param output what the program printed (size-capped); only for runs without expected output
     */
    public record TestCaseResult(
            int index,
            Verdict verdict,
            Long cpuTimeMs,
            long wallTimeMs,
            Long memoryKb,
            Integer exitCode,
            Integer signal,
            String output) {
    }
}
