package dev.judge.worker.messaging;

import java.time.Duration;

import org.springframework.amqp.rabbit.config.ContainerCustomizer;
import org.springframework.amqp.rabbit.listener.SimpleMessageListenerContainer;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Graceful drain for scale-down: on SIGTERM the listener container cancels its consumers (no new
 * submissions), then waits up to {@code judge.worker.drain-timeout} for the judgements in flight to
 * finish and be acknowledged. Whatever is still unacknowledged after that goes back to the queue.
 */
@Configuration(proxyBeanMethods = false)
class ListenerDrainConfiguration {

    @Bean
    ContainerCustomizer<SimpleMessageListenerContainer> drainOnShutdown(DrainProperties properties) {
        return container ->
                container.setShutdownTimeout(properties.drainTimeout().toMillis());
    }

    /**
     * @param drainTimeout on shutdown, how long in-flight judgements may take to finish before their
     *        messages are handed back to the broker; must agree with the pod's terminationGracePeriodSeconds
     */
    @ConfigurationProperties("judge.worker")
    record DrainProperties(@DefaultValue("60s") Duration drainTimeout) {}
}
