package dev.judge.worker.preparation;

import java.io.IOException;
import java.io.UncheckedIOException;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.amqp.rabbit.annotation.RabbitListenerConfigurer;
import org.springframework.amqp.rabbit.config.SimpleRabbitListenerEndpoint;
import org.springframework.amqp.rabbit.listener.RabbitListenerEndpointRegistrar;
import org.springframework.amqp.support.converter.MessageConversionException;
import org.springframework.amqp.support.converter.MessageConverter;
import org.springframework.stereotype.Component;

import dev.judge.contracts.JudgeQueues;
import dev.judge.contracts.ProblemPreparation;
import dev.judge.worker.messaging.ResultPublisher;

/**
 * Takes problem preparations off their queue, {@code judge.worker.preparation.concurrency} at a time
 * per worker, beside its submissions (they are rare, and slots of their own keep a setter's edit from
 * waiting behind a burst of submissions; the API sends one version per key at a time, so one tenant's
 * slow package holds one of them). Acknowledged once the result's publish is confirmed; a sandbox failure
 * throws, and the preparation is tried again, until the queue's delivery limit dead-letters it.
 */
@Component
class PreparationListener implements RabbitListenerConfigurer {

    private static final Logger log = LoggerFactory.getLogger(PreparationListener.class);

    private final ProblemPreparer preparer;
    private final ResultPublisher results;
    private final PreparationStatus status;
    private final PreparationProperties properties;
    private final MessageConverter converter;

    PreparationListener(
            ProblemPreparer preparer,
            ResultPublisher results,
            PreparationStatus status,
            PreparationProperties properties,
            MessageConverter converter) {
        this.preparer = preparer;
        this.results = results;
        this.status = status;
        this.properties = properties;
        this.converter = converter;
    }

    @Override
    public void configureRabbitListeners(RabbitListenerEndpointRegistrar registrar) {
        SimpleRabbitListenerEndpoint endpoint = new SimpleRabbitListenerEndpoint();
        endpoint.setId("preparations");
        endpoint.setQueueNames(JudgeQueues.PREPARATIONS);
        endpoint.setConcurrency(Integer.toString(properties.concurrency()));
        endpoint.setMessageListener(message -> {
            if (!(converter.fromMessage(message) instanceof ProblemPreparation preparation)) {
                throw new MessageConversionException("Not a ProblemPreparation on " + JudgeQueues.PREPARATIONS);
            }
            onPreparation(preparation);
        });
        registrar.registerEndpoint(endpoint);
    }

    void onPreparation(ProblemPreparation preparation) {
        if (!status.stillPreparing(preparation)) {
            log.info(
                    "Problem {} version {} is prepared already, or being prepared: this copy of its preparation is dropped",
                    preparation.problemId(),
                    preparation.version());
            return;
        }
        try {
            results.publish(preparer.prepare(preparation, results::publish));
        } catch (IOException e) {
            throw new UncheckedIOException("Preparing problem " + preparation.problemId() + " failed", e);
        }
    }
}
