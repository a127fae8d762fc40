package dev.judge.api.submission.read;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import javax.sql.DataSource;

import org.postgresql.PGConnection;
import org.postgresql.PGNotification;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.stereotype.Component;

import dev.judge.api.problem.preparation.PreparationEnded;
import dev.judge.api.system.BackgroundLoop;
import dev.judge.contracts.PreparationNotifications;
import dev.judge.contracts.SubmissionNotifications;

/**
 * Listens on PostgreSQL for the result consumer's change notices: each batch is read again in one
 * query ({@link SubmissionViewCache}), pushed to event streams ({@link SubmissionEvents}) and clears the
 * pacing of polls ({@link PollPacing}); a preparation's end is passed on as a {@link PreparationEnded}. Holds one connection of the pool for as long as the API runs,
 * and reconnects when the database goes away; since notices may have been lost meanwhile, it then
 * forgets what could have changed and re-reads every open stream.
 */
@Component
class SubmissionUpdateListener extends BackgroundLoop {

    private static final Logger log = LoggerFactory.getLogger(SubmissionUpdateListener.class);
    private static final Duration POLL = Duration.ofSeconds(1);
    private static final Duration RECONNECT_DELAY = Duration.ofSeconds(2);

    private final DataSource dataSource;
    private final SubmissionViewCache views;
    private final SubmissionEvents events;
    private final PollPacing pacing;
    private final ApplicationEventPublisher preparationEnded;

    SubmissionUpdateListener(
            DataSource dataSource,
            SubmissionViewCache views,
            SubmissionEvents events,
            PollPacing pacing,
            ApplicationEventPublisher preparationEnded) {
        super("submission-update-listener");
        this.preparationEnded = preparationEnded;
        this.dataSource = dataSource;
        this.views = views;
        this.events = events;
        this.pacing = pacing;
    }

    @Override
    protected void runLoop() {
        boolean reconnecting = false;
        while (isRunning()) {
            try (Connection connection = dataSource.getConnection()) {
                try (Statement statement = connection.createStatement()) {
                    statement.execute("listen " + SubmissionNotifications.CHANNEL);
                    statement.execute("listen " + PreparationNotifications.CHANNEL);
                }
                if (reconnecting) {
                    log.info("Listening for submission updates again");
                    views.forgetUnfinished();
                    events.recheckOpenStreams();
                }
                reconnecting = true;
                PGConnection pg = connection.unwrap(PGConnection.class);
                while (isRunning()) {
                    PGNotification[] notifications = pg.getNotifications((int) POLL.toMillis());
                    if (notifications != null && notifications.length > 0) {
                        changed(Arrays.stream(notifications)
                                .filter(n -> n.getName().equals(SubmissionNotifications.CHANNEL))
                                .map(n -> UUID.fromString(n.getParameter()))
                                .toList());
                        if (Arrays.stream(notifications)
                                .anyMatch(n -> n.getName().equals(PreparationNotifications.CHANNEL))) {
                            preparationEnded.publishEvent(new PreparationEnded());
                        }
                    }
                }
            } catch (SQLException | RuntimeException e) {
                if (!isRunning()) {
                    return;
                }
                log.warn(
                        "Lost the submission update listener's database connection; retrying in {}: {}",
                        RECONNECT_DELAY,
                        e.toString());
                try {
                    Thread.sleep(RECONNECT_DELAY);
                } catch (InterruptedException interrupted) {
                    return;
                }
            }
        }
    }

    private void changed(List<UUID> ids) {
        ids.forEach(pacing::changed);
        events.push(views.changed(ids, events::isFollowed));
    }
}
