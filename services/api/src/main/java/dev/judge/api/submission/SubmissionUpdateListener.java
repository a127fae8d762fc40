package dev.judge.api.submission;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.UUID;

import javax.sql.DataSource;

import org.postgresql.PGConnection;
import org.postgresql.PGNotification;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

import dev.judge.api.system.BackgroundLoop;

import dev.judge.contracts.SubmissionNotifications;

/**
 * Listens on PostgreSQL for the result consumer's change notices and hands them to
 * {@link SubmissionEvents}. Holds one connection of the pool for as long as the API runs, and
 * reconnects (re-reading every open stream) when the database goes away.
 */
@Component
class SubmissionUpdateListener extends BackgroundLoop {

    private static final Logger log = LoggerFactory.getLogger(SubmissionUpdateListener.class);
    private static final Duration POLL = Duration.ofSeconds(1);
    private static final Duration RECONNECT_DELAY = Duration.ofSeconds(2);

    private final DataSource dataSource;
    private final SubmissionEvents events;

    SubmissionUpdateListener(DataSource dataSource, SubmissionEvents events) {
        super("submission-update-listener");
        this.dataSource = dataSource;
        this.events = events;
    }

    @Override
    protected void runLoop() {
        boolean reconnecting = false;
        while (isRunning()) {
            try (Connection connection = dataSource.getConnection()) {
                try (Statement statement = connection.createStatement()) {
                    statement.execute("listen " + SubmissionNotifications.CHANNEL);
                }
                if (reconnecting) {
                    log.info("Listening for submission updates again");
                    events.recheckOpenStreams();
                }
                reconnecting = true;
                PGConnection pg = connection.unwrap(PGConnection.class);
                while (isRunning()) {
                    PGNotification[] notifications = pg.getNotifications((int) POLL.toMillis());
                    if (notifications != null) {
                        for (PGNotification notification : notifications) {
                            events.changed(UUID.fromString(notification.getParameter()));
                        }
                    }
                }
            } catch (SQLException | RuntimeException e) {
                if (!isRunning()) {
                    return;
                }
                log.warn("Lost the submission update listener's database connection; retrying in {}: {}",
                        RECONNECT_DELAY, e.toString());
                try {
                    Thread.sleep(RECONNECT_DELAY);
                } catch (InterruptedException interrupted) {
                    return;
                }
            }
        }
    }
}
