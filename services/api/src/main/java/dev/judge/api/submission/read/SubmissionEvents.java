package dev.judge.api.submission.read;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.UnaryOperator;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.scheduling.annotation.SchedulingConfigurer;
import org.springframework.scheduling.config.ScheduledTaskRegistrar;
import org.springframework.stereotype.Component;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;

import dev.judge.api.submission.SubmissionRepository;
import dev.judge.api.submission.SubmissionView;
import dev.judge.contracts.SubmissionStatus;

/**
 * The server-sent-event listeners of this API replica, by submission.
 *
 * <p>Changes arrive from {@link SubmissionUpdateListener} (PostgreSQL notifications from the result
 * consumer), read once through {@link SubmissionViewCache}, so a client sees its verdict whichever replica
 * it is connected to. As a safety net for a notification lost while this replica was reconnecting to
 * the database, open streams are also re-checked every {@code judge.events.recheck-interval}: one
 * query for the statuses of all of them, and a full read only of those whose status moved since it
 * was last sent.
 */
@Component
class SubmissionEvents implements SchedulingConfigurer {

    private static final Logger log = LoggerFactory.getLogger(SubmissionEvents.class);

    private final Map<UUID, Set<Stream>> listeners = new ConcurrentHashMap<>();
    private final Map<UUID, SubmissionStatus> lastSent = new ConcurrentHashMap<>();
    private final SubmissionRepository submissions;
    private final SubmissionViewCache views;
    private final EventProperties properties;

    SubmissionEvents(SubmissionRepository submissions, SubmissionViewCache views, EventProperties properties) {
        this.submissions = submissions;
        this.views = views;
        this.properties = properties;
    }

    /** @param shown what of each state the follower sees (its problem's feedback policy) */
    SseEmitter follow(SubmissionView current, UnaryOperator<SubmissionView> shown) {
        Stream stream = new Stream(new SseEmitter(properties.streamTimeout().toMillis()), shown);
        if (!current.isFinished()) {
            Set<Stream> forSubmission = listeners.computeIfAbsent(current.id(), id -> ConcurrentHashMap.newKeySet());
            forSubmission.add(stream);
            Runnable remove = () -> forget(current.id(), stream);
            stream.emitter.onCompletion(remove);
            stream.emitter.onTimeout(remove);
            stream.emitter.onError(error -> remove.run());
        }
        // Sent after registering, and re-read, so that a change between the caller's read and the
        // registration is not missed: at worst the client sees the same state twice.
        SubmissionView now = views.find(current.id()).orElse(current);
        lastSent.put(now.id(), now.status());
        stream.send(now);
        return stream.emitter;
    }

    boolean isFollowed(UUID id) {
        return listeners.containsKey(id);
    }

    /** Submissions changed (as read just now): push each new state to whoever follows it here. */
    void push(Map<UUID, SubmissionView> changed) {
        changed.forEach((id, view) -> {
            Set<Stream> forSubmission = listeners.get(id);
            if (forSubmission != null) {
                lastSent.put(id, view.status());
                List.copyOf(forSubmission).forEach(stream -> stream.send(view));
            }
        });
    }

    @Override
    public void configureTasks(ScheduledTaskRegistrar tasks) {
        tasks.addFixedDelayTask(this::recheckOpenStreams, properties.recheckInterval());
    }

    void recheckOpenStreams() {
        if (listeners.isEmpty()) {
            return;
        }
        List<UUID> moved = submissions.statuses(List.copyOf(listeners.keySet())).entrySet().stream()
                .filter(status -> status.getValue() != lastSent.get(status.getKey()))
                .map(Map.Entry::getKey)
                .toList();
        push(views.changed(moved, this::isFollowed));
    }

    private void forget(UUID id, Stream stream) {
        listeners.computeIfPresent(id, (key, set) -> {
            set.remove(stream);
            if (set.isEmpty()) {
                lastSent.remove(key);
                return null;
            }
            return set;
        });
    }

    /**
     * One client's stream. The request's thread sends the first event while the notice thread may
     * already push the next one, or the verdict, which ends the stream: sends take turns, and none
     * follows the end.
     */
    private static final class Stream {

        private final SseEmitter emitter;
        private final UnaryOperator<SubmissionView> shown;
        private boolean ended;

        Stream(SseEmitter emitter, UnaryOperator<SubmissionView> shown) {
            this.emitter = emitter;
            this.shown = shown;
        }

        synchronized void send(SubmissionView view) {
            if (ended) {
                return;
            }
            try {
                emitter.send(SseEmitter.event()
                        .name("status")
                        .id(view.status().name())
                        .data(shown.apply(view)));
                if (view.isFinished()) {
                    ended = true;
                    emitter.complete();
                }
            } catch (IOException | IllegalStateException e) {
                // The client went away; the emitter's callbacks forget it.
                log.debug("Dropping event stream for submission {}: {}", view.id(), e.toString());
                ended = true;
                emitter.completeWithError(e);
            }
        }
    }

    /**
     * @param streamTimeout how long an event stream stays open without a verdict; clients reconnect
     * @param recheckInterval how often open streams are checked against the database, in case a
     *        notice was missed
     */
    @ConfigurationProperties("judge.events")
    record EventProperties(
            @DefaultValue("5m") Duration streamTimeout,
            @DefaultValue("10s") Duration recheckInterval) {}
}
