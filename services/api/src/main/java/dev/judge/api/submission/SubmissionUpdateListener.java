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
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

import dev.judge.contracts.SubmissionNotifications;

/**
 * Listens on PostgreSQL for the result consumer's change notices and hands them to
 * {@link SubmissionEvents}. Holds one connection of the pool for as long as the API runs, and
 * reconnects (re-reading every open stream) when the database goes away.
 */
@Component
class SubmissionUpdateListener implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(SubmissionUpdateListener.class);
    private static final Duration POLL = Duration.ofSeconds(1);
    private static final Duration RECONNECT_DELAY = Duration.ofSeconds(2);

    private final DataSource dataSource;
    private final SubmissionEvents events;
    // Set before the thread starts: the loop checks it, and must not race the thread field.
    private volatile boolean running;
    private volatile Thread thread;

    SubmissionUpdateListener(DataSource dataSource, SubmissionEvents events) {
        this.dataSource = dataSource;
        this.events = events;
    }

    @Override
    public void start() {
        running = true;
        thread = Thread.ofPlatform().daemon().name("submission-update-listener").start(this::listenUntilStopped);
    }

    @Override
    public void stop() {
        running = false;
        Thread stopping = thread;
        if (stopping != null) {
            stopping.interrupt();
        }
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    private void listenUntilStopped() {
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
