package dev.judge.worker.judging;

import java.time.Duration;
import java.time.Instant;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.amqp.AmqpException;
import org.springframework.amqp.core.Message;
import org.springframework.amqp.rabbit.annotation.RabbitListenerConfigurer;
import org.springframework.amqp.rabbit.config.SimpleRabbitListenerEndpoint;
import org.springframework.amqp.rabbit.listener.RabbitListenerEndpointRegistrar;
import org.springframework.amqp.support.converter.MessageConversionException;
import org.springframework.amqp.support.converter.MessageConverter;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;

import dev.judge.contracts.JudgeRequest;
import dev.judge.contracts.JudgeResult;
import dev.judge.contracts.Lane;
import dev.judge.worker.lanes.LaneGate;
import dev.judge.worker.messaging.ResultPublisher;

/**
 * Takes submissions off the lanes' request queues, one per listener thread at a time (prefetch 1: what
 * a worker is not yet running stays in the queue, where KEDA counts it and another worker can take it).
 * Each lane has a listener container of its own (made from {@link Lane}); the {@link LaneGate} decides which lane's submission
 * a free judging slot goes to.
 *
 * <p>The container acknowledges a request only when this method returns, which is after the verdict's
 * publish was confirmed. A worker killed mid-run never acknowledges, so the broker hands the
 * submission to another worker.
 *
 * <p>Only a judgement that takes longer than {@code judge.worker.running-notice-after} is announced as
 * RUNNING (from a timer thread while it runs): most take milliseconds, and their notice would cost
 * more than judging them.
 */
@Component
class SubmissionListener implements DisposableBean, RabbitListenerConfigurer {

    private static final Logger log = LoggerFactory.getLogger(SubmissionListener.class);

    private final Judge judge;
    private final ResultPublisher results;
    private final WorkerIdentity identity;
    private final WorkerProperties properties;
    private final MeterRegistry meters;
    private final LaneGate lanes;
    private final MessageConverter converter;
    private final Map<Lane, Timer> queueWait = new EnumMap<>(Lane.class);
    private final ScheduledExecutorService runningNotices = Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().daemon().name("running-notices").factory());

    SubmissionListener(
            Judge judge,
            ResultPublisher results,
            WorkerIdentity identity,
            WorkerProperties properties,
            LaneGate lanes,
            MeterRegistry meters,
            MessageConverter converter) {
        this.converter = converter;
        this.judge = judge;
        this.results = results;
        this.identity = identity;
        this.properties = properties;
        this.lanes = lanes;
        this.meters = meters;
        for (Lane lane : Lane.values()) {
            queueWait.put(
                    lane,
                    Timer.builder("judge.submissions.queue.wait")
                            .description(
                                    "From accepting a submission (or queueing it for a rejudge) to a worker starting it")
                            .tag("lane", tag(lane))
                            .publishPercentileHistogram()
                            .maximumExpectedValue(JudgeRequest.LONGEST_EXPECTED_WAIT)
                            .register(meters));
        }
    }

    /**
     * A listener container per lane, made from {@link Lane}'s list (its id {@code lane-<name>}), each
     * with {@code spring.rabbitmq.listener.simple}'s settings: adding a lane is adding it there (and to
     * the chart's lanes, which LanesTests holds equal).
     */
    @Override
    public void configureRabbitListeners(RabbitListenerEndpointRegistrar registrar) {
        for (Lane lane : Lane.values()) {
            SimpleRabbitListenerEndpoint endpoint = new SimpleRabbitListenerEndpoint();
            endpoint.setId("lane-" + lane.name().toLowerCase(Locale.ROOT));
            endpoint.setQueueNames(lane.queue());
            endpoint.setMessageListener(message -> onSubmission(message, lane));
            registrar.registerEndpoint(endpoint);
        }
    }

    private void onSubmission(Message message, Lane lane) {
        if (!(converter.fromMessage(message) instanceof JudgeRequest request)) {
            throw new MessageConversionException("Not a JudgeRequest on " + lane.queue());
        }
        try {
            onSubmission(request, lane);
        } catch (InterruptedException e) {
            // Shutting down: the request goes back to its queue for another worker.
            Thread.currentThread().interrupt();
            throw new AmqpException("Interrupted while waiting for a judging slot", e);
        }
    }

    void onSubmission(JudgeRequest request, Lane lane) throws InterruptedException {
        lanes.acquire(lane);
        try {
            judge(request, lane);
        } finally {
            lanes.release();
        }
    }

    private void judge(JudgeRequest request, Lane lane) {
        Instant startedAt = Instant.now();
        queueWait.get(lane).record(Duration.between(request.acceptedAt(), startedAt));
        ScheduledFuture<?> runningNotice = runningNotices.schedule(
                () -> results.announce(JudgeResult.running(request, startedAt, identity.name())),
                properties.runningNoticeAfter().toNanos(),
                TimeUnit.NANOSECONDS);

        JudgeResult result;
        try {
            result = judge.judge(request, startedAt);
        } finally {
            // A notice already on its way is harmless: the consumer ignores RUNNING after FINISHED.
            runningNotice.cancel(false);
        }

        Timer.builder("judge.submissions.execution")
                .description("Time a worker spends judging one submission: compile and every test case")
                .tag("language", request.language())
                .tag("lane", tag(lane))
                .tag("verdict", result.verdict().name())
                .publishPercentileHistogram()
                .register(meters)
                .record(Duration.between(startedAt, result.finishedAt()));
        results.publish(result);
        log.debug("Judged {}: {}", request.submissionId(), result.verdict());
    }

    private static String tag(Lane lane) {
        return lane.name().toLowerCase(Locale.ROOT);
    }

    @Override
    public void destroy() {
        runningNotices.shutdownNow();
    }
}
