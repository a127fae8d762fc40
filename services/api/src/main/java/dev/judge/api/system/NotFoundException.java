package dev.judge.api.system;

import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.web.ErrorResponseException;

/** 404 for an id in the path that names nothing. */
public class NotFoundException extends ErrorResponseException {

    public NotFoundException(String what, Object id) {
        super(HttpStatus.NOT_FOUND, problem(what, id), null);
    }

    private static ProblemDetail problem(String what, Object id) {
        ProblemDetail problem =
                ProblemDetail.forStatusAndDetail(HttpStatus.NOT_FOUND, "No %s with id %s.".formatted(what, id));
        problem.setTitle("Not found");
        return problem;
    }
}
