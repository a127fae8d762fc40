package dev.judge.contracts;

import org.springframework.amqp.core.Declarables;
import org.springframework.amqp.support.converter.MessageConverter;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;

import dev.judge.contracts.language.LanguageCatalog;

/**
 * What every service gets by depending on this module: the shared queues (declared on connect by
 * Spring's RabbitAdmin, and again after the broker restarts), the JSON message converter that
 * Boot's RabbitTemplate and listener containers pick up, and the language catalog's binding.
 */
@AutoConfiguration
@EnableConfigurationProperties(LanguageCatalog.class)
public class JudgeMessagingAutoConfiguration {

    @Bean
    Declarables judgeQueues() {
        return JudgeQueues.topology();
    }

    @Bean
    MessageConverter judgeMessageConverter() {
        return JudgeQueues.messageConverter();
    }
}
