package dev.judge.api.submission;

import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.web.ErrorResponseException;

import dev.judge.contracts.Lane;

/** 403 for a submission that names a lane its key may not use. */
class LaneNotAllowedException extends ErrorResponseException {

    LaneNotAllowedException(Lane lane) {
        super(HttpStatus.FORBIDDEN, problem(lane), null);
    }

    private static ProblemDetail problem(Lane lane) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(
                HttpStatus.FORBIDDEN, "This key may not submit to the %s lane. Nothing was stored.".formatted(lane));
        problem.setTitle("Lane not allowed");
        problem.setProperty("lane", lane);
        return problem;
    }
}
