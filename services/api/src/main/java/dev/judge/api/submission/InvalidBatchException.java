package dev.judge.api.submission;

import java.util.List;
import java.util.Map;

import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.web.ErrorResponseException;

/** 422 for a batch with submissions that name an unknown problem or language, or are too long; `errors` lists each. */
class InvalidBatchException extends ErrorResponseException {

    InvalidBatchException(Map<String, String> errors) {
        super(HttpStatus.UNPROCESSABLE_CONTENT, problem(errors), null);
    }

    private static ProblemDetail problem(Map<String, String> errors) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(
                HttpStatus.UNPROCESSABLE_CONTENT,
                "Some of the submissions cannot be accepted, so none was stored; errors names each by its index.");
        problem.setTitle("Invalid submissions");
        problem.setProperty("errors", errorList(errors));
        return problem;
    }

    /** Field → message as the {@code errors} of a problem document show them. */
    static List<Map<String, String>> errorList(Map<String, String> errors) {
        return errors.entrySet().stream()
                .map(error -> Map.of("field", error.getKey(), "message", error.getValue()))
                .toList();
    }
}
