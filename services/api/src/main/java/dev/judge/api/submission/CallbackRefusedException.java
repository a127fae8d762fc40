package dev.judge.api.submission;

import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.web.ErrorResponseException;

/** 422 for a callback URL the judge will not call: not http(s), internal, or without a key to sign for. */
class CallbackRefusedException extends ErrorResponseException {

    CallbackRefusedException(String url, String reason) {
        super(HttpStatus.UNPROCESSABLE_CONTENT, problem(url, reason), null);
    }

    private static ProblemDetail problem(String url, String reason) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(
                HttpStatus.UNPROCESSABLE_CONTENT,
                "callbackUrl %s is refused: %s. Nothing was stored.".formatted(url, reason));
        problem.setTitle("Callback refused");
        problem.setProperty("callbackUrl", url);
        return problem;
    }
}
