package dev.judge.consumer.result;

import org.springframework.amqp.support.converter.MessageConversionException;
import org.springframework.boot.amqp.autoconfigure.RabbitListenerRetrySettingsCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * A result that cannot be read will not become readable by waiting: it goes to judge.results.dead
 * at once, instead of holding its listener (and the results behind it) through the minutes of
 * retries that ride out a database restart.
 */
@Configuration(proxyBeanMethods = false)
class UnreadableResults {

    @Bean
    RabbitListenerRetrySettingsCustomizer unreadableResultsAreNotRetried() {
        return settings -> settings.setExceptionPredicate(UnreadableResults::worthRetrying);
    }

    static boolean worthRetrying(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof MessageConversionException) {
                return false;
            }
        }
        return true;
    }
}
