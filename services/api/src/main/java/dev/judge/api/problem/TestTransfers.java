package dev.judge.api.problem;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.stereotype.Component;
import org.springframework.web.ErrorResponseException;

import dev.judge.api.access.Caller;
import dev.judge.api.system.RetryAfter;

/**
 * This replica's slots for moving tests: setters' uploads, downloads and package imports, and the tests
 * workers generate. At most {@code judge.test-data.max-concurrent-transfers} at once, 503 with
 * Retry-After past it: each holds up to a few tests in memory, or a database connection while a client
 * reads. And at most {@code max-concurrent-transfers-per-key} uploads and imports of one key at a time,
 * 429 past it: one tenant's many imports do not take every slot.
 */
@Component
class TestTransfers {

    static final Duration RETRY_AFTER = Duration.ofSeconds(5);

    private final Semaphore slots;
    private final int perKey;
    private final Map<String, Integer> writing = new ConcurrentHashMap<>();

    TestTransfers(TestDataProperties properties) {
        this.slots = new Semaphore(properties.maxConcurrentTransfers());
        this.perKey = properties.maxConcurrentTransfersPerKey();
    }

    /** A slot, or 503 when all are taken. */
    Transfer take() {
        if (!slots.tryAcquire()) {
            throw refusal(
                    HttpStatus.SERVICE_UNAVAILABLE,
                    "Busy",
                    "As many uploads, downloads and imports of tests as this replica takes at once are under way.");
        }
        return new Transfer(slots::release);
    }

    /** A slot for the caller's upload or import: 429 while as many of the same key's are under way here as it may have. */
    Transfer takeWriting(Caller caller) {
        String writer = switch (caller) {
            case Caller.KeyHolder holder -> holder.keyId().toString();
            case Caller.Admin admin -> "admin";
            case Caller.Anonymous anonymous -> "anonymous";
        };
        if (writing.merge(writer, 1, Integer::sum) > perKey) {
            release(writer);
            throw refusal(
                    HttpStatus.TOO_MANY_REQUESTS,
                    "Too many at once",
                    "This caller has " + perKey + " uploads or imports under way on this replica, as many as one key "
                            + "may (judge.test-data.max-concurrent-transfers-per-key).");
        }
        try {
            Transfer slot = take();
            return new Transfer(() -> {
                slot.close();
                release(writer);
            });
        } catch (RuntimeException e) {
            release(writer);
            throw e;
        }
    }

    private void release(String writer) {
        writing.computeIfPresent(writer, (key, count) -> count == 1 ? null : count - 1);
    }

    /** A slot, given back once. */
    static final class Transfer implements AutoCloseable {

        private final Runnable release;
        private boolean released;

        private Transfer(Runnable release) {
            this.release = release;
        }

        @Override
        public synchronized void close() {
            if (!released) {
                released = true;
                release.run();
            }
        }
    }

    private static ErrorResponseException refusal(HttpStatus status, String title, String detail) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(status, detail);
        problem.setTitle(title);
        problem.setProperty("retryAfterSeconds", RETRY_AFTER.toSeconds());
        ErrorResponseException refused = new ErrorResponseException(status, problem, null);
        refused.getHeaders().set(HttpHeaders.RETRY_AFTER, RetryAfter.seconds(RETRY_AFTER));
        return refused;
    }
}
