package dev.judge.api.submission.read;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import dev.judge.api.submission.SubmissionRepository;
import dev.judge.api.submission.SubmissionView;
import dev.judge.api.submission.TestSubmissionViews;
import dev.judge.contracts.SubmissionStatus;

/** The read cache's one subtle case, with the database stood in by a repository we can pause. */
class SubmissionViewCacheTests {

    private static final UUID ID = UUID.fromString("0b40d70b-76ba-4fa9-806b-1c56aa6b282d");

    @Test
    void aChangeNoticedWhileTheSubmissionIsBeingReadIsNotLost() throws Exception {
        AtomicReference<SubmissionStatus> stored = new AtomicReference<>(SubmissionStatus.QUEUED);
        CountDownLatch reading = new CountDownLatch(1);
        CountDownLatch readMayEnd = new CountDownLatch(1);
        SubmissionRepository database = new SubmissionRepository(null, null) {
            @Override
            public Optional<SubmissionView> find(UUID id) {
                SubmissionView seen = view(stored.get());
                reading.countDown();
                await(readMayEnd);
                return Optional.of(seen);
            }

            @Override
            public Map<UUID, SubmissionView> findAll(List<UUID> ids) {
                return Map.of(ID, view(stored.get()));
            }
        };
        SubmissionViewCache views = new SubmissionViewCache(
                database,
                new ReadProperties(
                        100,
                        Duration.ofMinutes(10),
                        Duration.ofMinutes(10),
                        Duration.ofSeconds(2),
                        8,
                        Duration.ofSeconds(2),
                        0.5),
                new SimpleMeterRegistry());

        // A poll reads QUEUED; before its read is cached, the worker's RUNNING is recorded and noticed.
        Thread poll = Thread.ofVirtual().start(() -> views.find(ID));
        assertThat(reading.await(10, TimeUnit.SECONDS)).isTrue();
        stored.set(SubmissionStatus.RUNNING);
        Thread notice = Thread.ofVirtual().start(() -> views.changed(List.of(ID), id -> false));
        readMayEnd.countDown();
        poll.join();
        notice.join();

        assertThat(views.find(ID)).map(SubmissionView::status).hasValue(SubmissionStatus.RUNNING);
    }

    private static SubmissionView view(SubmissionStatus status) {
        return TestSubmissionViews.inState(ID, status, null);
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
