package dev.judge.api.problem;

import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.web.ErrorResponseException;

/**
 * A problem whose preparation would be larger than the largest JSON document the services read: 413,
 * nothing stored. An import says which file of its package this is about.
 */
public class PreparationTooLargeException extends ErrorResponseException {

    private final String reason;

    PreparationTooLargeException(String reason) {
        super(HttpStatus.CONTENT_TOO_LARGE, problem(reason), null);
        this.reason = reason;
    }

    /** What is too large, without "Nothing was stored". */
    public String reason() {
        return reason;
    }

    private static ProblemDetail problem(String reason) {
        ProblemDetail problem =
                ProblemDetail.forStatusAndDetail(HttpStatus.CONTENT_TOO_LARGE, reason + ". Nothing was stored.");
        problem.setTitle("Problem too large");
        return problem;
    }
}
