package dev.judge.worker.judging;

import java.io.IOException;
import java.io.UncheckedIOException;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.amqp.rabbit.annotation.RabbitListener;
import org.springframework.stereotype.Component;

import dev.judge.contracts.JudgeQueues;
import dev.judge.contracts.ProblemPreparation;
import dev.judge.worker.messaging.ResultPublisher;

/**
 * Takes problem preparations off their queue, one at a time per worker (they are rare, and a slot
 * of their own keeps a setter's edit from waiting behind a burst of submissions). Acknowledged once
 * the result's publish is confirmed; a sandbox failure throws, and the preparation is tried again,
 * until the queue's delivery limit dead-letters it.
 */
@Component
class PreparationListener {

    private static final Logger log = LoggerFactory.getLogger(PreparationListener.class);

    private final ProblemPreparer preparer;
    private final ResultPublisher results;
    private final PreparationStatus status;

    PreparationListener(ProblemPreparer preparer, ResultPublisher results, PreparationStatus status) {
        this.preparer = preparer;
        this.results = results;
        this.status = status;
    }

    @RabbitListener(queues = JudgeQueues.PREPARATIONS, concurrency = "1")
    void onPreparation(ProblemPreparation preparation) {
        if (!status.stillPreparing(preparation)) {
            log.info(
                    "Problem {} version {} is prepared already: this copy of its preparation is dropped",
                    preparation.problemId(),
                    preparation.version());
            return;
        }
        try {
            results.publish(preparer.prepare(preparation));
        } catch (IOException e) {
            throw new UncheckedIOException("Preparing problem " + preparation.problemId() + " failed", e);
        }
    }
}
