package dev.judge.api.access;

import java.time.Duration;
import java.time.Instant;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.web.ErrorResponseException;

import dev.judge.api.system.RetryAfter;

/** 429: the key is over one of its quotas; nothing was stored. */
public class QuotaExceededException extends ErrorResponseException {

    /**
     * @param count the submissions refused
     * @param runs what they count against the per-minute quota: a run on several inputs counts each
     */
    QuotaExceededException(Quota.Usage usage, int count, int runs, Duration waitingRetryAfter) {
        super(HttpStatus.TOO_MANY_REQUESTS, problem(usage, count, runs), null);
        Instant now = Instant.now();
        Duration retryAfter = usage.overPerMinute(runs) ? usage.untilWindowEnds(now) : waitingRetryAfter;
        getHeaders().set(HttpHeaders.RETRY_AFTER, RetryAfter.seconds(retryAfter));
        getBody().setProperty("retryAfterSeconds", Long.parseLong(RetryAfter.seconds(retryAfter)));
        usage.writeHeaders(getHeaders(), now);
    }

    private static ProblemDetail problem(Quota.Usage usage, int count, int runs) {
        Quota quota = usage.quota();
        String submissions = count == 1 ? "this submission" : "these " + count + " submissions";
        String counted =
                runs == count ? submissions : submissions + " (" + runs + " runs: a run on several inputs counts each)";
        String detail = usage.overPerMinute(runs)
                ? "This key may submit %d per minute and has submitted %d in this minute; %s would be over it."
                        .formatted(quota.perMinute(), usage.windowCount(), counted)
                : "This key may have %d submissions waiting for a verdict and has %d; %s would be over it."
                        .formatted(quota.maxWaiting(), usage.waiting(), submissions);
        ProblemDetail problem =
                ProblemDetail.forStatusAndDetail(HttpStatus.TOO_MANY_REQUESTS, detail + " Nothing was stored.");
        problem.setTitle("Quota exceeded");
        problem.setProperty("quota", usage.overPerMinute(runs) ? Quota.MINUTE : Quota.WAITING);
        return problem;
    }
}
