package dev.judge.contracts;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.springframework.amqp.core.Message;
import org.springframework.amqp.core.MessageProperties;
import org.springframework.amqp.support.converter.MessageConverter;

/** The messages on the wire: what a writer sends, and what a reader still reads of older writers. */
class MessageContractTests {

    private final MessageConverter converter = JudgeQueues.messageConverter();

    @Test
    void writesTheContractVersionAndReadsItsOwnMessagesBack() {
        JudgeRequest request = new JudgeRequest(UUID.randomUUID(), "python", "print(input())",
                new JudgeRequest.Limits(1000, 64), OutputComparison.WHITESPACE, false,
                List.of(new JudgeRequest.TestCase("a\u0000b", "b\u0000a")), Instant.parse("2026-11-23T04:00:00Z"));

        Message message = converter.toMessage(request, new MessageProperties());

        assertThat(message.getMessageProperties().<Integer>getHeader(JudgeQueues.CONTRACT_VERSION_HEADER))
                .isEqualTo(JudgeQueues.CONTRACT_VERSION);
        assertThat(converter.fromMessage(message)).isEqualTo(request);
    }

    @Test
    void readsAResultFromAWorkerOfBeforeTheVersionHeaderAndOneFromANewerWorker() {
        // As a worker of the first release sent it: no version header, no `worker` field.
        JudgeResult old = (JudgeResult) converter.fromMessage(message(JudgeResult.class, null, """
                {"submissionId": "0b40d70b-76ba-4fa9-806b-1c56aa6b282d", "status": "FINISHED", "verdict": "ACCEPTED",
                 "testCases": [{"index": 0, "verdict": "ACCEPTED", "cpuTimeMs": 11, "wallTimeMs": 37, "memoryKb": 7880,
                                "exitCode": 0}],
                 "acceptedAt": "2026-11-23T04:00:00Z", "startedAt": "2026-11-23T04:00:01Z", "finishedAt": "2026-11-23T04:00:02Z"}"""));
        assertThat(old.verdict()).isEqualTo(Verdict.ACCEPTED);
        assertThat(old.testCases()).singleElement().satisfies(run -> assertThat(run.wallTimeMs()).isEqualTo(37));
        assertThat(old.worker()).isNull();

        // A later version adds fields; this reader ignores them.
        JudgeResult newer = (JudgeResult) converter.fromMessage(message(JudgeResult.class, JudgeQueues.CONTRACT_VERSION + 1, """
                {"submissionId": "0b40d70b-76ba-4fa9-806b-1c56aa6b282d", "status": "RUNNING", "testCases": [],
                 "acceptedAt": "2026-11-23T04:00:00Z", "startedAt": "2026-11-23T04:00:01Z", "worker": "w-1",
                 "score": 0.5, "checker": {"kind": "float"}}"""));
        assertThat(newer.status()).isEqualTo(SubmissionStatus.RUNNING);
        assertThat(newer.worker()).isEqualTo("w-1");
    }

    private static Message message(Class<?> type, Integer version, String json) {
        MessageProperties properties = new MessageProperties();
        properties.setContentType(MessageProperties.CONTENT_TYPE_JSON);
        properties.setHeader("__TypeId__", type.getName());
        if (version != null) {
            properties.setHeader(JudgeQueues.CONTRACT_VERSION_HEADER, version);
        }
        return new Message(json.getBytes(StandardCharsets.UTF_8), properties);
    }
}
