package dev.judge.contracts;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
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
        JudgeRequest request = new JudgeRequest(
                UUID.randomUUID(),
                "python",
                "print(input())",
                new JudgeRequest.Limits(1000, 64),
                OutputComparison.WHITESPACE,
                new Checker(
                        Checker.Kind.CUSTOM,
                        null,
                        new ProblemProgram("cpp", "int main() {}", Map.of("testlib.h", "//"))),
                null,
                List.of(
                        new JudgeRequest.Group("small", 40, List.of()),
                        new JudgeRequest.Group("large", 60, List.of("small"))),
                false,
                List.of(new JudgeRequest.TestCase("a\u0000b", "b\u0000a", "small")),
                Instant.parse("2026-11-23T04:00:00Z"),
                null,
                3);

        Message message = converter.toMessage(request, new MessageProperties());

        assertThat(message.getMessageProperties().<Integer>getHeader(JudgeQueues.CONTRACT_VERSION_HEADER))
                .isEqualTo(JudgeQueues.CONTRACT_VERSION);
        assertThat(converter.fromMessage(message)).isEqualTo(request);
    }

    @Test
    void readsPreparationsAndTheirResultsBack() {
        ProblemPreparation preparation = new ProblemPreparation(
                7,
                2,
                new ProblemProgram("cpp", "int main() {}", Map.of()),
                null,
                new ProblemProgram("python", "import sys", Map.of()),
                List.of(new JudgeRequest.TestCase("1 2", "3", "small")),
                null,
                List.of(new ProblemPreparation.TaggedSolution(
                        "solutions/a.py",
                        "main",
                        JudgeRequest.plain(
                                UUID.randomUUID(),
                                "python",
                                "print(3)",
                                new JudgeRequest.Limits(1000, 64),
                                Checker.EXACT,
                                List.of(new JudgeRequest.TestCase("1 2", "3")),
                                Instant.parse("2026-11-25T04:00:00Z")))),
                new TestGeneration(
                        Map.of("gen", new ProblemProgram("cpp", "int main() {}", Map.of())),
                        List.of(new TestGeneration.Recipe(1, "gen", List.of("--n=5", "7"))),
                        new ProblemProgram("python", "print(3)", Map.of()),
                        List.of(1)));
        PreparationResult failed = PreparationResult.failed(7, 2, "test 1", "FAIL Expected EOLN", "worker-1");
        PreparationResult ready = PreparationResult.ready(
                7,
                2,
                "worker-1",
                List.of(PreparationResult.SolutionVerdict.of(
                        "solutions/a.py", "wrong-answer", Verdict.ACCEPTED, 100.0, 100.0)));

        assertThat(converter.fromMessage(converter.toMessage(preparation, new MessageProperties())))
                .isEqualTo(preparation);
        assertThat(converter.fromMessage(converter.toMessage(failed, new MessageProperties())))
                .isEqualTo(failed);
        assertThat(converter.fromMessage(converter.toMessage(ready, new MessageProperties())))
                .isEqualTo(ready);
        assertThat(ready.solutions().getFirst().matchesTag()).isFalse();
    }

    @Test
    void aPartiallyAcceptedSolutionScoresSomeButNotAllWhateverItsVerdict() {
        String tag = PreparationResult.SolutionVerdict.PARTIALLY_ACCEPTED;

        assertThat(PreparationResult.SolutionVerdict.of("a.py", tag, Verdict.WRONG_ANSWER, 30.0, 100.0)
                        .matchesTag())
                .isTrue();
        assertThat(PreparationResult.SolutionVerdict.of("a.py", tag, Verdict.ACCEPTED, 100.0, 100.0)
                        .matchesTag())
                .isFalse();
        assertThat(PreparationResult.SolutionVerdict.of("a.py", tag, Verdict.WRONG_ANSWER, 0.0, 100.0)
                        .matchesTag())
                .isFalse();
        assertThat(PreparationResult.SolutionVerdict.of("a.py", tag, Verdict.COMPILATION_ERROR, null, null)
                        .matchesTag())
                .isFalse();
    }

    @Test
    void aRequestByReferenceCarriesTheReferenceAndNoTests() {
        TestData reference =
                new TestData.Digest().add(new JudgeRequest.TestCase("1 2", "3")).of(7, 2);
        JudgeRequest request = new JudgeRequest(
                UUID.randomUUID(),
                "c",
                "int main() {}",
                new JudgeRequest.Limits(1000, 64),
                OutputComparison.EXACT,
                Checker.EXACT,
                null,
                List.of(),
                true,
                null,
                Instant.parse("2026-11-23T04:00:00Z"),
                reference,
                1);

        Message message = converter.toMessage(request, new MessageProperties());

        assertThat(new String(message.getBody(), StandardCharsets.UTF_8))
                .doesNotContain("1 2")
                .contains(reference.sha256());
        JudgeRequest read = (JudgeRequest) converter.fromMessage(message);
        assertThat(read).isEqualTo(request);
        assertThat(read.hasTestDataByReference()).isTrue();
        assertThat(read.isRunOnStdin()).isFalse();
        assertThat(read.testData().path()).isEqualTo("/internal/problems/7/versions/2/tests");
    }

    @Test
    void readsARequestOfVersionOneAsAProblemWithoutSubtasksJudgedByItsComparison() {
        // As an API of version 1 sent it: a comparison, no checker, no groups, tests without a group.
        JudgeRequest old = (JudgeRequest) converter.fromMessage(message(JudgeRequest.class, 1, """
                {"submissionId": "0b40d70b-76ba-4fa9-806b-1c56aa6b282d", "language": "python", "sourceCode": "print(3)",
                 "limits": {"timeLimitMs": 1000, "memoryLimitMb": 64}, "comparison": "WHITESPACE",
                 "stopOnFirstFailure": true, "testCases": [{"input": "1 2", "expectedOutput": "3"}],
                 "acceptedAt": "2026-11-23T04:00:00Z"}"""));

        assertThat(old.effectiveChecker()).isEqualTo(Checker.WHITESPACE);
        assertThat(old.groups()).isEmpty();
        assertThat(old.isInteractive()).isFalse();
        assertThat(old.testCases())
                .singleElement()
                .satisfies(test -> assertThat(test.group()).isNull());
        assertThat(old.judgement())
                .as("before rejudges, every request was a first judgement")
                .isEqualTo(1);
    }

    @Test
    void aRequestWithoutAKindIsReadAsTheKindItsFieldsMakeItAndANewOneSaysItsKind() {
        // As an API of version 16 sent them: no kind; outputs, an interactor and instances say what each is.
        String common = """
                "submissionId": "0b40d70b-76ba-4fa9-806b-1c56aa6b282d", "language": "python", "sourceCode": "x",
                "limits": {"timeLimitMs": 1000, "memoryLimitMb": 64}, "checker": {"kind": "EXACT"},
                "stopOnFirstFailure": true, "testCases": [{"input": "1 2", "expectedOutput": "3"}],
                "acceptedAt": "2026-11-23T04:00:00Z\"""";
        String interactor = "\"interactor\": {\"language\": \"cpp\", \"sourceCode\": \"int main(){}\"}";
        assertThat(read16("{" + common + "}").kind()).isEqualTo(TaskKind.BATCH);
        assertThat(read16("{" + common + ", \"outputs\": [\"3\"]}").kind()).isEqualTo(TaskKind.OUTPUT_ONLY);
        assertThat(read16("{" + common + ", " + interactor + "}").kind()).isEqualTo(TaskKind.INTERACTIVE);
        JudgeRequest communication =
                read16("{" + common + ", " + interactor + ", \"runs\": {\"instances\": 2, \"passes\": 1}}");
        assertThat(communication.kind()).isEqualTo(TaskKind.COMMUNICATION);

        Message sent = converter.toMessage(communication, new MessageProperties());
        assertThat(new String(sent.getBody(), StandardCharsets.UTF_8)).contains("\"kind\":\"COMMUNICATION\"");
        assertThat(((JudgeRequest) converter.fromMessage(sent)).kind()).isEqualTo(TaskKind.COMMUNICATION);
    }

    @Test
    void aKindThatIsNotWhatTheRequestCarriesIsRefused() {
        JudgeRequest batch = JudgeRequest.plain(
                UUID.randomUUID(),
                "python",
                "print(3)",
                new JudgeRequest.Limits(1000, 64),
                Checker.EXACT,
                List.of(new JudgeRequest.TestCase("1 2", "3")),
                Instant.now());
        assertThat(batch.runsRefusal()).isEmpty();
        assertThat(batch.withOutputs(List.of("3")).runsRefusal()).isEmpty();
        JudgeRequest saysInteractive = (JudgeRequest) converter.fromMessage(message(
                JudgeRequest.class,
                JudgeQueues.CONTRACT_VERSION,
                new String(converter.toMessage(batch, new MessageProperties()).getBody(), StandardCharsets.UTF_8)
                        .replace("\"kind\":\"BATCH\"", "\"kind\":\"INTERACTIVE\"")));
        assertThat(saysInteractive.kind()).isEqualTo(TaskKind.INTERACTIVE);
        assertThat(saysInteractive.runsRefusal())
                .hasValueSatisfying(why -> assertThat(why).contains("judged as INTERACTIVE"));
    }

    private JudgeRequest read16(String json) {
        return (JudgeRequest) converter.fromMessage(message(JudgeRequest.class, 16, json));
    }

    @Test
    void everyLaneHasItsOwnQueueBoundToTheSubmissionsExchangeAndDeadLetteredLikeTheOthers() {
        var topology = JudgeQueues.topology();
        for (Lane lane : Lane.values()) {
            var queue = topology.getDeclarablesByType(org.springframework.amqp.core.Queue.class).stream()
                    .filter(q -> q.getName().equals(lane.queue()))
                    .findFirst()
                    .orElseThrow();
            assertThat(queue.getArguments())
                    .containsEntry("x-queue-type", "quorum")
                    .containsEntry("x-dead-letter-routing-key", JudgeQueues.SUBMISSIONS_DEAD);
            assertThat(topology.getDeclarablesByType(org.springframework.amqp.core.Binding.class))
                    .anySatisfy(binding -> {
                        assertThat(binding.getExchange()).isEqualTo(JudgeQueues.SUBMISSIONS_EXCHANGE);
                        assertThat(binding.getRoutingKey()).isEqualTo(lane.queue());
                        assertThat(binding.getDestination()).isEqualTo(lane.queue());
                    });
        }
        assertThat(Lane.PRACTICE.queue())
                .as("the queue of before lanes, for rolling upgrades")
                .isEqualTo("judge.submissions");
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
        assertThat(old.testCases())
                .singleElement()
                .satisfies(run -> assertThat(run.wallTimeMs()).isEqualTo(37));
        assertThat(old.worker()).isNull();
        assertThat(old.judgement()).isEqualTo(1);

        // A later version adds fields; this reader ignores them.
        JudgeResult newer =
                (JudgeResult) converter.fromMessage(message(JudgeResult.class, JudgeQueues.CONTRACT_VERSION + 1, """
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
