package dev.judge.worker.judging;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.amqp.rabbit.annotation.RabbitListener;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;

import dev.judge.contracts.JudgeQueues;
import dev.judge.contracts.JudgeRequest;
import dev.judge.contracts.JudgeResult;
import dev.judge.worker.messaging.ResultPublisher;

/**
 * Takes submissions off the request queue, one per listener thread at a time (prefetch 1: what a worker
 * is not yet running stays in the queue, where KEDA counts it and another worker can take it).
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
class SubmissionListener implements DisposableBean {

    private static final Logger log = LoggerFactory.getLogger(SubmissionListener.class);

    private final Judge judge;
    private final ResultPublisher results;
    private final WorkerIdentity identity;
    private final WorkerProperties properties;
    private final MeterRegistry meters;
    private final Timer queueWait;
    private final ScheduledExecutorService runningNotices = Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().daemon().name("running-notices").factory());

    SubmissionListener(Judge judge, ResultPublisher results, WorkerIdentity identity, WorkerProperties properties,
            MeterRegistry meters) {
        this.judge = judge;
        this.results = results;
        this.identity = identity;
        this.properties = properties;
        this.meters = meters;
        this.queueWait = Timer.builder("judge.submissions.queue.wait")
                .description("From accepting a submission to a worker starting it")
                .publishPercentileHistogram()
                .register(meters);
    }

    @RabbitListener(queues = JudgeQueues.SUBMISSIONS)
    void onSubmission(JudgeRequest request) {
        Instant startedAt = Instant.now();
        queueWait.record(Duration.between(request.acceptedAt(), startedAt));
        ScheduledFuture<?> runningNotice = runningNotices.schedule(
                () -> results.announce(JudgeResult.running(request, startedAt, identity.name())),
                properties.runningNoticeAfter().toNanos(), TimeUnit.NANOSECONDS);

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
                .tag("verdict", result.verdict().name())
                .publishPercentileHistogram()
                .register(meters)
                .record(Duration.between(startedAt, result.finishedAt()));
        results.publish(result);
        log.debug("Judged {}: {}", request.submissionId(), result.verdict());
    }

    @Override
    public void destroy() {
        runningNotices.shutdownNow();
    }
}
