package dev.judge.worker.messaging;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.springframework.amqp.AmqpException;
import org.springframework.amqp.AmqpIOException;
import org.springframework.amqp.rabbit.connection.CorrelationData;
import org.springframework.amqp.rabbit.core.RabbitTemplate;
import org.springframework.stereotype.Component;

import dev.judge.contracts.JudgeQueues;
import dev.judge.contracts.JudgeResult;
import dev.judge.contracts.PreparationResult;

/** Publishes results: verdicts to the result queue, preparations' ends to theirs. */
@Component
public class ResultPublisher {

    private static final long CONFIRM_TIMEOUT_SECONDS = 10;

    private final RabbitTemplate rabbit;

    ResultPublisher(RabbitTemplate rabbit) {
        this.rabbit = rabbit;
    }

    /** A progress notice (RUNNING): worth sending, not worth waiting for. */
    public void announce(JudgeResult progress) {
        rabbit.convertAndSend(JudgeQueues.RESULTS_EXCHANGE, JudgeQueues.RESULTS, progress);
    }

    /**
     * Publishes a verdict and returns once the broker has confirmed it, so that the request is
     * acknowledged only after its result is safe.
     *
     * @throws AmqpException when the broker did not confirm: the request is then redelivered
     */
    public void publish(JudgeResult result) {
        publishConfirmed(JudgeQueues.RESULTS, result, "the result of " + result.submissionId());
    }

    /** Publishes how a problem's preparation ended, confirmed as a verdict is. */
    public void publish(PreparationResult result) {
        publishConfirmed(
                JudgeQueues.PREPARATIONS_DONE,
                result,
                "the preparation of problem " + result.problemId() + " version " + result.version());
    }

    private void publishConfirmed(String routingKey, Object message, String what) {
        CorrelationData correlation = new CorrelationData();
        rabbit.convertAndSend(JudgeQueues.RESULTS_EXCHANGE, routingKey, message, correlation);
        try {
            CorrelationData.Confirm confirm = correlation.getFuture().get(CONFIRM_TIMEOUT_SECONDS, TimeUnit.SECONDS);
            if (!confirm.ack() || correlation.getReturned() != null) {
                throw new AmqpIOException("Publishing " + what + " not confirmed: " + confirm.reason(), null);
            }
        } catch (TimeoutException | ExecutionException e) {
            throw new AmqpIOException("No confirm for " + what, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AmqpIOException("Interrupted while waiting for a confirm", e);
        }
    }
}
