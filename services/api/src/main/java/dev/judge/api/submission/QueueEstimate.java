package dev.judge.api.submission;

import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Optional;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.scheduling.annotation.SchedulingConfigurer;
import org.springframework.scheduling.config.ScheduledTaskRegistrar;
import org.springframework.stereotype.Component;

/**
 * How long a submission will likely wait for its verdict, sent to polling clients as
 * {@code Retry-After}. Without it, 10,000 clients polling every few seconds cost the machine more
 * than judging their programs does; with it, each polls a few times.
 *
 * <p>Every {@code judge.submissions.polling.refresh-interval} each replica reads the {@link Backlog}
 * from the database (so every replica sees the whole queue, whichever accepted what).
 */
@Component
class QueueEstimate implements SchedulingConfigurer {

    private static final Logger log = LoggerFactory.getLogger(QueueEstimate.class);

    private final JdbcClient jdbc;
    private final PollingProperties properties;
    private volatile Backlog backlog = Backlog.UNKNOWN;
    private volatile double lastRateSeen;

    QueueEstimate(JdbcClient jdbc, PollingProperties properties) {
        this.jdbc = jdbc;
        this.properties = properties;
    }

    @Override
    public void configureTasks(ScheduledTaskRegistrar tasks) {
        tasks.addFixedDelayTask(this::refresh, properties.refreshInterval());
    }

    void refresh() {
        try {
            backlog = withRateOrLastSeen(jdbc.sql("""
                    select w.waiting, w.oldest, w.newest, r.finished, r.span_seconds
                    from (select count(*) as waiting, min(created_at) as oldest, max(created_at) as newest
                          from submission where status <> 'FINISHED') w,
                         (select count(*) as finished, extract(epoch from max(finished_at) - min(finished_at)) as span_seconds
                          from submission where finished_at > now() - make_interval(secs => :window)) r""")
                    .param("window", properties.rateWindow().toMillis() / 1000.0)
                    .query((rs, row) -> new Backlog(
                            rs.getLong("waiting"),
                            instant(rs.getObject("oldest", OffsetDateTime.class)),
                            instant(rs.getObject("newest", OffsetDateTime.class)),
                            Backlog.rate(rs.getLong("finished"), rs.getDouble("span_seconds"))))
                    .single());
        } catch (DataAccessException e) {
            // Clients are then told the shortest wait, as before anything was known.
            log.debug("Could not read the queue: {}", e.toString());
            backlog = Backlog.UNKNOWN;
        }
    }

    /**
     * While no verdict was recorded lately (a burst just began, or workers are scaled to zero), the
     * last rate seen stands in: otherwise every client of a new burst would be told the shortest wait.
     * If capacity must grow first, that estimate is short, which costs a few more polls, never a late one.
     */
    Backlog withRateOrLastSeen(Backlog read) {
        if (read.verdictsPerSecond() > 0) {
            lastRateSeen = read.verdictsPerSecond();
            return read;
        }
        return new Backlog(read.waiting(), read.oldest(), read.newest(), lastRateSeen);
    }

    /** When a client should ask again about this submission; nothing once it has its verdict. */
    Optional<Duration> retryAfter(SubmissionView view) {
        return switch (view.status()) {
            case QUEUED -> Optional.of(backlog.expectedWait(view.createdAt(), properties.minRetryAfter(), properties.maxRetryAfter()));
            case RUNNING -> Optional.of(properties.minRetryAfter());
            case FINISHED -> Optional.empty();
        };
    }

    /** For a submission accepted just now: behind everything that waits. */
    Duration retryAfterAccepting() {
        return backlog.expectedWait(Instant.MAX, properties.minRetryAfter(), properties.maxRetryAfter());
    }

    private static Instant instant(OffsetDateTime value) {
        return value == null ? null : value.toInstant();
    }

    /**
     * The queue as last read: how many submissions wait, the creation times of the oldest and newest
     * of them, and how many verdicts per second were recorded lately (0 when unknown).
     */
    record Backlog(long waiting, Instant oldest, Instant newest, double verdictsPerSecond) {

        static final Backlog UNKNOWN = new Backlog(0, null, null, 0);

        /** Verdicts per second from {@code finished} verdicts recorded over {@code spanSeconds}. */
        static double rate(long finished, double spanSeconds) {
            return finished >= 2 && spanSeconds > 0 ? (finished - 1) / spanSeconds : 0;
        }

        /**
         * Judging is first in, first out, so the waiting submissions ahead of one are about its
         * share, by creation time, of those waiting; they go at the recent verdict rate.
         */
        Duration expectedWait(Instant createdAt, Duration min, Duration max) {
            if (waiting == 0 || verdictsPerSecond <= 0) {
                return min;
            }
            double ahead = waiting * shareAhead(createdAt);
            Duration wait = Duration.ofMillis(Math.round(1000 * ahead / verdictsPerSecond));
            return wait.compareTo(min) < 0 ? min : wait.compareTo(max) > 0 ? max : wait;
        }

        private double shareAhead(Instant createdAt) {
            if (!createdAt.isBefore(newest)) {
                return 1;
            }
            if (!createdAt.isAfter(oldest)) {
                return 0;
            }
            return (double) Duration.between(oldest, createdAt).toNanos() / Duration.between(oldest, newest).toNanos();
        }
    }
}
