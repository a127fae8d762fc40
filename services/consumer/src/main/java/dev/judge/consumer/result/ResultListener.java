package dev.judge.consumer.result;

import org.springframework.amqp.rabbit.annotation.RabbitListener;
import org.springframework.stereotype.Component;

import dev.judge.contracts.JudgeQueues;
import dev.judge.contracts.JudgeResult;

/**
 * The container acknowledges a result after {@link ResultRecorder#record} committed. If the database
 * is unreachable the listener retries with back-off (spring.rabbitmq.listener.simple.retry.*), long
 * enough to ride out a database restart, before the result is dead-lettered.
 */
@Component
class ResultListener {

    private final ResultRecorder recorder;

    ResultListener(ResultRecorder recorder) {
        this.recorder = recorder;
    }

    @RabbitListener(queues = JudgeQueues.RESULTS)
    void onResult(JudgeResult result) {
        recorder.record(result);
    }
}
