package dev.judge.api.access;

import java.time.Duration;
import java.time.Instant;

import org.springframework.http.HttpHeaders;

import dev.judge.api.system.RetryAfter;

/**
 * A key's two quotas: submissions per minute, and submissions waiting for a verdict at once. Both are
 * advertised in the IETF RateLimit header fields (draft-ietf-httpapi-ratelimit-headers-10): the
 * policy {@value #MINUTE} with a 60-second window, and {@value #WAITING} in concurrent requests.
 */
public record Quota(int perMinute, int maxWaiting) {

    static final String MINUTE = "per-minute";
    static final String WAITING = "waiting";
    public static final String POLICY_HEADER = "RateLimit-Policy";
    public static final String STATE_HEADER = "RateLimit";
    private static final Duration WINDOW = Duration.ofMinutes(1);

    /**
     * The key's use of its quotas once a reservation was decided.
     *
     * @param granted whether the submissions were counted (and may be stored)
     * @param windowCount submissions counted in the current window
     * @param waiting the key's submissions waiting for a verdict
     */
    public record Usage(boolean granted, Quota quota, int windowCount, Instant windowStart, int waiting) {

        /** Until the window ends; at least a second. */
        Duration untilWindowEnds(Instant now) {
            Duration left = Duration.between(now, windowStart.plus(WINDOW));
            return left.isNegative() ? Duration.ZERO : left;
        }

        boolean overPerMinute(int count) {
            return windowCount + count > quota.perMinute();
        }

        /** The RateLimit-Policy and RateLimit fields for an answer to this key. */
        public void writeHeaders(HttpHeaders headers, Instant now) {
            headers.set(
                    POLICY_HEADER,
                    "\"%s\";q=%d;w=60, \"%s\";q=%d;qu=\"concurrent-requests\""
                            .formatted(MINUTE, quota.perMinute(), WAITING, quota.maxWaiting()));
            headers.set(
                    STATE_HEADER,
                    "\"%s\";r=%d;t=%s, \"%s\";r=%d"
                            .formatted(
                                    MINUTE,
                                    Math.max(0, quota.perMinute() - windowCount),
                                    RetryAfter.seconds(untilWindowEnds(now)),
                                    WAITING,
                                    Math.max(0, quota.maxWaiting() - waiting)));
        }
    }
}
