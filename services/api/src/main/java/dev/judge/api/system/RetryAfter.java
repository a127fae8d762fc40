package dev.judge.api.system;

import java.time.Duration;

/** The {@code Retry-After} header's value. */
public final class RetryAfter {

    private RetryAfter() {}

    /** Delta-seconds (RFC 9110), rounded up, and at least one. */
    public static String seconds(Duration wait) {
        return Long.toString(Math.max(1, (wait.toMillis() + 999) / 1000));
    }
}
