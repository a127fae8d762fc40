package dev.judge.api.submission;

import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.web.ErrorResponseException;

/** 413 for a source or input over its documented limit. */
class ContentTooLargeException extends ErrorResponseException {

    ContentTooLargeException(String field, long maxBytes) {
        super(HttpStatus.CONTENT_TOO_LARGE, problem(field, maxBytes), null);
    }

    private static ProblemDetail problem(String field, long maxBytes) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.CONTENT_TOO_LARGE,
                "%s is larger than the limit of %d bytes (UTF-8).".formatted(field, maxBytes));
        problem.setTitle("Submission too large");
        problem.setProperty("field", field);
        problem.setProperty("limitBytes", maxBytes);
        return problem;
    }
}
