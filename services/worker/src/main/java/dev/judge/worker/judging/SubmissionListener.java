package dev.judge.worker.judging;

import java.time.Duration;
import java.time.Instant;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.amqp.rabbit.annotation.RabbitListener;
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
 */
@Component
class SubmissionListener {

    private static final Logger log = LoggerFactory.getLogger(SubmissionListener.class);

    private final Judge judge;
    private final ResultPublisher results;
    private final WorkerIdentity identity;
    private final MeterRegistry meters;
    private final Timer queueWait;

    SubmissionListener(Judge judge, ResultPublisher results, WorkerIdentity identity, MeterRegistry meters) {
        this.judge = judge;
        this.results = results;
        this.identity = identity;
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
        results.announce(JudgeResult.running(request, startedAt, identity.name()));

        JudgeResult result = judge.judge(request, startedAt);

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
}
