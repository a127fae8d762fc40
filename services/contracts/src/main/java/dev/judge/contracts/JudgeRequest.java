package dev.judge.contracts;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * API → worker, on {@link JudgeQueues#SUBMISSIONS}: everything a worker needs to judge one submission.
 *
 * <p>The request carries the test cases itself so that workers need no database access (and no
 * database credentials): a sandbox pod talks to RabbitMQ and nothing else.
 *
 * @param testCases for a run without a problem, one case whose {@code expectedOutput} is null
 * @param acceptedAt when the API stored the submission; the start of queue-wait and end-to-end timing
 */
public record JudgeRequest(
        UUID submissionId,
        String language,
        String sourceCode,
        Limits limits,
        OutputComparison comparison,
        boolean stopOnFirstFailure,
        List<TestCase> testCases,
        Instant acceptedAt) {

    /** Per-run limits, already capped by the API's settings; the worker caps them again by its own. */
    public record Limits(long timeLimitMs, long memoryLimitMb) {
    }

    public record TestCase(String input, String expectedOutput) {

        public boolean hasExpectedOutput() {
            return expectedOutput != null;
        }
    }
}
