package dev.judge.api.problem.transfers;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;

import org.springframework.stereotype.Component;

import dev.judge.api.access.Caller;
import dev.judge.api.problem.TestDataProperties;
import dev.judge.api.system.TryLaterException;

/**
 * This replica's slots for moving tests: setters' uploads, downloads and package imports, and, apart from
 * them, the tests workers generate. At most {@code judge.test-data.max-concurrent-transfers} of each at
 * once, 503 with Retry-After past it: each holds up to a few tests in memory, or a database connection
 * while a client reads. And at most {@code max-concurrent-transfers-per-key} uploads, downloads and imports
 * of one key at a time, 429 past it: one tenant's transfers do not take every slot (two slow downloads of
 * one key's test once kept every other tenant's imports and uploads at 503). The workers' slots are their
 * own, so that clients who read or send slowly cannot stop another tenant's preparation from storing the
 * tests it generated (it would fail at its time limit).
 */
@Component
public class TestTransfers {

    private static final Duration RETRY_AFTER = Duration.ofSeconds(5);

    private final Semaphore slots;
    private final Semaphore workerSlots;
    private final int perKey;
    private final Map<String, Integer> writing = new ConcurrentHashMap<>();

    TestTransfers(TestDataProperties properties) {
        this.slots = new Semaphore(properties.maxConcurrentTransfers());
        this.workerSlots = new Semaphore(properties.maxConcurrentTransfers());
        this.perKey = properties.maxConcurrentTransfersPerKey();
    }

    /** One of the clients' slots, for what the caller's share admitted ({@link #admit}), or 503 when all are taken. */
    public Transfer take() {
        return take(slots, "uploads, downloads and imports of tests");
    }

    /** One of the workers' slots, for the tests a preparation generated, or 503 when all are taken. */
    public Transfer takeForWorker() {
        return take(workerSlots, "stores of generated tests");
    }

    private static Transfer take(Semaphore pool, String what) {
        if (!pool.tryAcquire()) {
            throw TryLaterException.busy(
                    "As many " + what + " as this replica takes at once are under way.", RETRY_AFTER);
        }
        return new Transfer(pool::release);
    }

    /**
     * A slot for the caller's upload, download or import: 429 while as many of the same key's are under
     * way here as it may have.
     */
    Transfer takeFor(Caller caller) {
        Transfer admitted = admit(caller);
        try {
            Transfer slot = take();
            return new Transfer(() -> {
                slot.close();
                admitted.close();
            });
        } catch (RuntimeException e) {
            admitted.close();
            throw e;
        }
    }

    /**
     * The caller's own share alone (429 past it), for what it does before it needs a slot: an import
     * spools its body first, so that a slow upload holds its key's share, not one of the replica's slots.
     */
    public Transfer admit(Caller caller) {
        String writer = switch (caller) {
            case Caller.KeyHolder holder -> holder.keyId().toString();
            case Caller.Admin admin -> "admin";
            case Caller.Anonymous anonymous -> "anonymous";
        };
        if (writing.merge(writer, 1, Integer::sum) > perKey) {
            release(writer);
            throw TryLaterException.tooManyAtOnce(
                    "This caller has " + perKey + " uploads, downloads or imports under way on this replica, as many "
                            + "as one key may (judge.test-data.max-concurrent-transfers-per-key).",
                    RETRY_AFTER);
        }
        return new Transfer(() -> release(writer));
    }

    private void release(String writer) {
        writing.computeIfPresent(writer, (key, count) -> count == 1 ? null : count - 1);
    }

    /** A slot, given back once. */
    public static final class Transfer implements AutoCloseable {

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
}
