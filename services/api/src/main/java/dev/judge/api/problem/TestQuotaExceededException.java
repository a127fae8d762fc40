package dev.judge.api.problem;

import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.web.ErrorResponseException;

/** Tests that would take a key's problems past {@code judge.test-data.max-stored-per-key}: 413, nothing stored. */
class TestQuotaExceededException extends ErrorResponseException {

    TestQuotaExceededException(long quotaBytes) {
        super(HttpStatus.CONTENT_TOO_LARGE, problem(quotaBytes), null);
    }

    private static ProblemDetail problem(long quotaBytes) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(
                HttpStatus.CONTENT_TOO_LARGE,
                "With these tests, this caller's problems would hold more than the " + quotaBytes
                        + " bytes of tests one key may store (judge.test-data.max-stored-per-key). Nothing was stored.");
        problem.setTitle("Test data quota");
        problem.setProperty("quotaBytes", quotaBytes);
        return problem;
    }
}
