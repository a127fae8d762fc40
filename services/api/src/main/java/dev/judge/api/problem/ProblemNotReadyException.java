package dev.judge.api.problem;

import java.time.Duration;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.web.ErrorResponseException;

import dev.judge.api.system.RetryAfter;
import dev.judge.contracts.PreparationResult;

/**
 * 409 for a submission (or a rejudge) to a problem whose current version does not take submissions:
 * still PREPARING (with Retry-After: it will be soon), or FAILED (until its owner saves a version
 * that prepares).
 */
public class ProblemNotReadyException extends ErrorResponseException {

    /** About how long a worker takes to build a testlib checker: when to ask again. */
    static final Duration PREPARING_RETRY_AFTER = Duration.ofSeconds(5);

    ProblemNotReadyException(long problemId, PreparationResult.Status status) {
        super(HttpStatus.CONFLICT, problem(problemId, status), null);
        if (status == PreparationResult.Status.PREPARING) {
            getHeaders().set(HttpHeaders.RETRY_AFTER, RetryAfter.seconds(PREPARING_RETRY_AFTER));
        }
    }

    private static ProblemDetail problem(long problemId, PreparationResult.Status status) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(
                HttpStatus.CONFLICT,
                switch (status) {
                    case PREPARING ->
                        "Problem " + problemId + " is being prepared (its setter programs built, its tests validated); "
                                + "it takes submissions in a few seconds. Nothing was stored.";
                    default ->
                        "Problem " + problemId
                                + "'s current version failed its preparation and takes no submissions until "
                                + "its owner saves one that prepares (GET /api/problems/" + problemId
                                + " says why). Nothing was stored.";
                });
        problem.setTitle("Problem not ready");
        problem.setProperty("problemId", problemId);
        problem.setProperty("preparation", status);
        if (status == PreparationResult.Status.PREPARING) {
            problem.setProperty("retryAfterSeconds", PREPARING_RETRY_AFTER.toSeconds());
        }
        return problem;
    }
}
