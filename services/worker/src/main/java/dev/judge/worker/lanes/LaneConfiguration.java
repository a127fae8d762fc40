package dev.judge.worker.lanes;

import org.springframework.boot.amqp.autoconfigure.RabbitProperties;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * One {@link LaneGate} per worker, with a slot per listener thread of a lane
 * ({@code spring.rabbitmq.listener.simple.concurrency}): that setting stays "how many submissions
 * this worker judges at once", whatever the number of lanes.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(LaneConfiguration.LaneProperties.class)
class LaneConfiguration {

    @Bean
    LaneGate laneGate(RabbitProperties rabbit, LaneProperties properties) {
        Integer concurrency = rabbit.getListener().getSimple().getConcurrency();
        return new LaneGate(concurrency == null ? 1 : concurrency, properties.passedOverLimit());
    }

    /**
     * @param passedOverLimit a lane with a submission waiting that has been passed over this many
     *        times in a row for a higher one gets the next free slot: the most a backlog of practice
     *        or rejudge submissions yields to the lanes above it
     */
    @ConfigurationProperties("judge.worker.lanes")
    record LaneProperties(@DefaultValue("4") int passedOverLimit) {}
}
