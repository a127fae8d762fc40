package dev.judge.worker.messaging;

import org.springframework.amqp.rabbit.config.ContainerCustomizer;
import org.springframework.amqp.rabbit.listener.SimpleMessageListenerContainer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import dev.judge.worker.judging.WorkerProperties;

/**
 * Graceful drain for scale-down: on SIGTERM the listener container cancels its consumers (no new
 * submissions), then waits up to {@code judge.worker.drain-timeout} for the judgements in flight to
 * finish and be acknowledged. Whatever is still unacknowledged after that goes back to the queue.
 */
@Configuration(proxyBeanMethods = false)
class ListenerDrainConfiguration {

    @Bean
    ContainerCustomizer<SimpleMessageListenerContainer> drainOnShutdown(WorkerProperties properties) {
        return container -> container.setShutdownTimeout(properties.drainTimeout().toMillis());
    }
}
