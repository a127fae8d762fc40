package dev.judge.api.submission;

import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.scheduling.annotation.SchedulingConfigurer;
import org.springframework.scheduling.config.ScheduledTaskRegistrar;
import org.springframework.stereotype.Component;

import dev.judge.contracts.Lane;

/**
 * How long a submission will likely wait for its verdict, sent to polling clients as
 * {@code Retry-After}. Without it, 10,000 clients polling every few seconds cost the machine more
 * than judging their programs does; with it, each polls a few times.
 *
 * <p>Every {@code judge.submissions.polling.refresh-interval} each replica reads each lane's
 * {@link Backlog} from the database (so every replica sees the whole queue, whichever accepted what).
 * Workers serve the lanes in order, so what waits in the lanes before a submission's is all ahead of it.
 */
@Component
public class QueueEstimate implements SchedulingConfigurer {

    private static final Logger log = LoggerFactory.getLogger(QueueEstimate.class);

    private final JdbcClient jdbc;
    private final PollingProperties properties;
    private volatile Map<Lane, Backlog> backlogs = unknown();
    private volatile double lastRateSeen;

    public QueueEstimate(JdbcClient jdbc, PollingProperties properties) {
        this.jdbc = jdbc;
        this.properties = properties;
    }

    @Override
    public void configureTasks(ScheduledTaskRegistrar tasks) {
        tasks.addFixedDelayTask(this::refresh, properties.refreshInterval());
    }

    void refresh() {
        try {
            double rate = jdbc.sql("""
                    select count(*) as finished, extract(epoch from max(finished_at) - min(finished_at)) as span_seconds
                    from submission where finished_at > now() - make_interval(secs => :window)""")
                    .param("window", properties.rateWindow().toMillis() / 1000.0)
                    .query((rs, row) -> Backlog.rate(rs.getLong("finished"), rs.getDouble("span_seconds")))
                    .single();
            Map<Lane, Backlog> waiting = new EnumMap<>(Lane.class);
            jdbc.sql("""
                    select lane, count(*) as waiting, min(created_at) as oldest, max(created_at) as newest
                    from submission where status <> 'FINISHED' group by lane""")
                    .query((rs, row) -> waiting.put(
                            Lane.valueOf(rs.getString("lane")),
                            new Backlog(
                                    rs.getLong("waiting"),
                                    instant(rs.getObject("oldest", OffsetDateTime.class)),
                                    instant(rs.getObject("newest", OffsetDateTime.class)),
                                    rate)))
                    .list();
            Map<Lane, Backlog> next = new EnumMap<>(Lane.class);
            long ahead = 0;
            for (Lane lane : Lane.values()) {
                Backlog own = waiting.getOrDefault(lane, new Backlog(0, null, null, rate));
                next.put(lane, withRateOrLastSeen(own.behind(ahead)));
                ahead += own.waiting();
            }
            backlogs = next;
        } catch (DataAccessException e) {
            // Clients are then told the shortest wait, as before anything was known.
            log.debug("Could not read the queue: {}", e.toString());
            backlogs = unknown();
        }
    }

    private static Map<Lane, Backlog> unknown() {
        Map<Lane, Backlog> unknown = new EnumMap<>(Lane.class);
        for (Lane lane : Lane.values()) {
            unknown.put(lane, Backlog.UNKNOWN);
        }
        return unknown;
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
        return new Backlog(read.waiting(), read.oldest(), read.newest(), lastRateSeen, read.waitingAhead());
    }

    /** When a client should ask again about this submission; nothing once it has its verdict. */
    public Optional<Duration> retryAfter(SubmissionView view) {
        return switch (view.status()) {
            case QUEUED ->
                Optional.of(backlogs.get(view.lane())
                        .expectedWait(view.createdAt(), properties.minRetryAfter(), properties.maxRetryAfter()));
            case RUNNING -> Optional.of(properties.minRetryAfter());
            case FINISHED -> Optional.empty();
        };
    }

    /** For a submission accepted just now into this lane: behind everything that waits in it and before it. */
    Duration retryAfterAccepting(Lane lane) {
        return backlogs.get(lane).expectedWait(Instant.MAX, properties.minRetryAfter(), properties.maxRetryAfter());
    }

    private static Instant instant(OffsetDateTime value) {
        return value == null ? null : value.toInstant();
    }

    /**
     * A lane as last read: how many submissions wait in it, the creation times of the oldest and
     * newest of them, how many verdicts per second were recorded lately (0 when unknown), and how many
     * wait in the lanes served before it.
     */
    record Backlog(long waiting, Instant oldest, Instant newest, double verdictsPerSecond, long waitingAhead) {

        static final Backlog UNKNOWN = new Backlog(0, null, null, 0);

        Backlog(long waiting, Instant oldest, Instant newest, double verdictsPerSecond) {
            this(waiting, oldest, newest, verdictsPerSecond, 0);
        }

        Backlog behind(long waitingInLanesBefore) {
            return new Backlog(waiting, oldest, newest, verdictsPerSecond, waitingInLanesBefore);
        }

        /** Verdicts per second from {@code finished} verdicts recorded over {@code spanSeconds}. */
        static double rate(long finished, double spanSeconds) {
            return finished >= 2 && spanSeconds > 0 ? (finished - 1) / spanSeconds : 0;
        }

        /**
         * Judging within a lane is first in, first out, so the waiting submissions ahead of one are
         * about its share, by creation time, of those waiting in its lane, and all of those in the
         * lanes before; they go at the recent verdict rate.
         */
        Duration expectedWait(Instant createdAt, Duration min, Duration max) {
            if (waiting + waitingAhead == 0 || verdictsPerSecond <= 0) {
                return min;
            }
            double ahead = waitingAhead + (waiting == 0 ? 0 : waiting * shareAhead(createdAt));
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
            return (double) Duration.between(oldest, createdAt).toNanos()
                    / Duration.between(oldest, newest).toNanos();
        }
    }
}
