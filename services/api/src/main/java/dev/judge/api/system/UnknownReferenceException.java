package dev.judge.api.system;

import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.web.ErrorResponseException;

/**
 * 422 for a well-formed body that names something that does not exist (a problem, a language):
 * the request is understood, but cannot be acted on.
 */
public class UnknownReferenceException extends ErrorResponseException {

    public UnknownReferenceException(String what, Object value, String hint) {
        super(HttpStatus.UNPROCESSABLE_CONTENT, problem(what, value, hint), null);
    }

    private static ProblemDetail problem(String what, Object value, String hint) {
        String detail = "Unknown %s: %s.".formatted(what, value) + (hint == null ? "" : " " + hint);
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.UNPROCESSABLE_CONTENT, detail);
        problem.setTitle("Unknown " + what);
        problem.setProperty(what, value);
        return problem;
    }
}
