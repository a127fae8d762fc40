package dev.judge.api.submission;

import java.util.Map;

import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.web.ErrorResponseException;

/**
 * For a submission whose files or compile options its language cannot take; {@code errors} lists
 * each, as for any other invalid field. 400 for what the API's document already refuses (an option no
 * language allows), 422 for what only the language decides, as for an unknown language: an option
 * only another language allows or one given twice, a file named as the source or twice.
 */
class InvalidProgramException extends ErrorResponseException {

    InvalidProgramException(HttpStatus status, Map<String, String> errors) {
        super(status, problem(status, errors), null);
    }

    private static ProblemDetail problem(HttpStatus status, Map<String, String> errors) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(
                status, "The program's files or compile options cannot be built; errors names each.");
        problem.setTitle("Invalid program");
        problem.setProperty("errors", InvalidBatchException.errorList(errors));
        return problem;
    }
}
