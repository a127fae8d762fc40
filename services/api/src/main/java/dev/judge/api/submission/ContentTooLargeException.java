package dev.judge.api.submission;

import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.web.ErrorResponseException;

/** 413 for a source or input longer than its documented limit. */
class ContentTooLargeException extends ErrorResponseException {

    ContentTooLargeException(String field, int maxCharacters) {
        super(HttpStatus.CONTENT_TOO_LARGE, problem(field, maxCharacters), null);
    }

    private static ProblemDetail problem(String field, int maxCharacters) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(
                HttpStatus.CONTENT_TOO_LARGE,
                "%s is longer than the limit of %d characters.".formatted(field, maxCharacters));
        problem.setTitle("Submission too large");
        problem.setProperty("field", field);
        problem.setProperty("limitCharacters", maxCharacters);
        return problem;
    }
}
