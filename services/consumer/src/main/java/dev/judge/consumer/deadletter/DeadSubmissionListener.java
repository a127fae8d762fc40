package dev.judge.consumer.deadletter;

import java.time.Instant;
import java.util.List;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.amqp.rabbit.annotation.RabbitListener;
import org.springframework.stereotype.Component;

import dev.judge.consumer.result.ResultRecorder;
import dev.judge.contracts.JudgeQueues;
import dev.judge.contracts.JudgeRequest;
import dev.judge.contracts.JudgeResult;
import dev.judge.contracts.SubmissionStatus;
import dev.judge.contracts.Verdict;

/**
 * A submission that reached the delivery limit (it crashed or outlived every worker that took it)
 * still gets a verdict: INTERNAL_ERROR, so that its user is not left polling forever.
 */
@Component
class DeadSubmissionListener {

    private static final Logger log = LoggerFactory.getLogger(DeadSubmissionListener.class);

    private final ResultRecorder recorder;

    DeadSubmissionListener(ResultRecorder recorder) {
        this.recorder = recorder;
    }

    @RabbitListener(queues = JudgeQueues.SUBMISSIONS_DEAD)
    void onDeadSubmission(JudgeRequest request) {
        log.warn(
                "Submission {} was dead-lettered after {} deliveries; recording INTERNAL_ERROR",
                request.submissionId(),
                JudgeQueues.DELIVERY_LIMIT);
        Instant now = Instant.now();
        recorder.record(new JudgeResult(
                request.submissionId(),
                SubmissionStatus.FINISHED,
                Verdict.INTERNAL_ERROR,
                "The judge could not finish this submission after " + JudgeQueues.DELIVERY_LIMIT + " attempts.",
                List.of(),
                request.acceptedAt(),
                null,
                now,
                "dead-letter",
                null,
                null,
                List.of(),
                request.judgement()));
    }
}
