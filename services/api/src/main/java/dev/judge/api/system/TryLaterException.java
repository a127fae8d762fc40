package dev.judge.api.system;

import java.time.Duration;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.web.ErrorResponseException;

/**
 * A request answered at once with when to come back, rather than left waiting: 429 for a client
 * asking sooner than it was told to, 503 while the server cannot answer cheaply.
 */
public class TryLaterException extends ErrorResponseException {

    private TryLaterException(HttpStatus status, String title, String detail, Duration retryAfter) {
        super(status, problem(status, title, detail, retryAfter), null);
        getHeaders().set(HttpHeaders.RETRY_AFTER, RetryAfter.seconds(retryAfter));
    }

    public static TryLaterException tooSoon(Duration retryAfter) {
        return new TryLaterException(
                HttpStatus.TOO_MANY_REQUESTS,
                "Polled too soon",
                "This submission was polled again long before its last answer's Retry-After. Ask again then, "
                        + "or follow its event stream (GET /api/submissions/{id}/events).",
                retryAfter);
    }

    public static TryLaterException overloaded(Duration retryAfter) {
        return new TryLaterException(
                HttpStatus.SERVICE_UNAVAILABLE,
                "Busy",
                "The server is answering too many reads it cannot serve from memory; try again shortly.",
                retryAfter);
    }

    /** 503: this replica takes no more of some kind of work at once; {@code detail} says which. */
    public static TryLaterException busy(String detail, Duration retryAfter) {
        return new TryLaterException(HttpStatus.SERVICE_UNAVAILABLE, "Busy", detail, retryAfter);
    }

    /** 429: the caller has as many of some kind of request under way as it may; {@code detail} says which. */
    public static TryLaterException tooManyAtOnce(String detail, Duration retryAfter) {
        return new TryLaterException(HttpStatus.TOO_MANY_REQUESTS, "Too many at once", detail, retryAfter);
    }

    public static TryLaterException databaseUnavailable(Duration retryAfter) {
        return new TryLaterException(
                HttpStatus.SERVICE_UNAVAILABLE,
                "Database unavailable",
                "The database cannot be reached just now; nothing was stored. Try again shortly.",
                retryAfter);
    }

    private static ProblemDetail problem(HttpStatus status, String title, String detail, Duration retryAfter) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(status, detail);
        problem.setTitle(title);
        problem.setProperty("retryAfterSeconds", Long.parseLong(RetryAfter.seconds(retryAfter)));
        return problem;
    }
}
