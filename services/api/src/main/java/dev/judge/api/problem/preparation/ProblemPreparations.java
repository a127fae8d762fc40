package dev.judge.api.problem.preparation;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.amqp.AmqpException;
import org.springframework.amqp.rabbit.core.RabbitTemplate;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.context.event.EventListener;
import org.springframework.dao.DataAccessException;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

import dev.judge.api.problem.PreparationQueue;
import dev.judge.api.problem.ProblemRepository;
import dev.judge.api.problem.ProblemVersion;
import dev.judge.api.problem.TestDataProperties;
import dev.judge.contracts.JudgeQueues;
import dev.judge.contracts.JudgeRequest;
import dev.judge.contracts.ProblemPreparation;
import dev.judge.contracts.ProblemProgram;
import dev.judge.contracts.TestData;
import dev.judge.contracts.language.LanguageCatalog;

/**
 * Sends the workers the problem versions still to be prepared: at once after a version is saved, a few
 * per owner at a time (the next when one before ends, found by a sweep), and again for any whose
 * preparation was lost (a broker restart): sent and not heard of for {@code resend-after} (a worker
 * preparing one says how far it got every half minute), up to {@code max-sends} times, then failed. A
 * preparation done twice is harmless (the result consumer records the first result).
 */
@Component
class ProblemPreparations implements PreparationQueue {

    private static final Logger log = LoggerFactory.getLogger(ProblemPreparations.class);

    /**
     * @param resendAfter how long a version sent to be prepared may go without a word from a worker before
     *        it is sent again: well above how often a worker preparing one says how far it got
     *        ({@code judge.worker.preparation.progress-every}, 30 s), and than a preparation may wait in
     *        the queue behind others
     * @param maxSends how many times a version is sent, in all, before it fails unprepared
     * @param inFlightPerOwner how many of one owner's versions may be sent and not yet prepared at once:
     *        one tenant's packages take that many of the workers' preparation slots, not all of them
     * @param sweepInterval how often each API replica looks for versions to send: the next of an owner's
     *        once the one before ended, and those to send again
     */
    @ConfigurationProperties("judge.problems.preparation")
    record Properties(
            @DefaultValue("5m") Duration resendAfter,
            @DefaultValue("3") int maxSends,
            @DefaultValue("1") int inFlightPerOwner,
            @DefaultValue("30s") Duration sweepInterval) {}

    private final ProblemRepository problems;
    private final RabbitTemplate rabbit;
    private final TestDataProperties testData;
    private final Properties properties;
    private final LanguageCatalog languages;
    private final JsonMapper json;

    ProblemPreparations(
            ProblemRepository problems,
            RabbitTemplate rabbit,
            TestDataProperties testData,
            Properties properties,
            LanguageCatalog languages,
            JsonMapper json) {
        this.languages = languages;
        this.json = json;
        this.problems = problems;
        this.rabbit = rabbit;
        this.testData = testData;
        this.properties = properties;
    }

    /** Sends every version due: the one just saved, the next of an owner's, and any whose preparation was lost. */
    @Override
    @Scheduled(
            fixedDelayString = "${judge.problems.preparation.sweep-interval:30s}",
            initialDelayString = "${judge.problems.preparation.sweep-interval:30s}")
    public void sendDue() {
        List<ProblemVersion> due;
        try {
            due = problems.preparationsToSend(
                    properties.resendAfter(),
                    properties.maxSends(),
                    properties.inFlightPerOwner(),
                    testData.inlineLimit().toBytes());
        } catch (DataAccessException e) {
            log.warn(
                    "Could not read the problem versions to prepare; trying again at the next sweep: {}",
                    e.getMessage());
            return;
        }
        for (ProblemVersion version : due) {
            try {
                rabbit.convertAndSend(JudgeQueues.SUBMISSIONS_EXCHANGE, JudgeQueues.PREPARATIONS, preparation(version));
            } catch (AmqpException e) {
                log.warn(
                        "Could not send problem {} version {} to be prepared; sent again within {}: {}",
                        version.problemId(),
                        version.version(),
                        properties.resendAfter(),
                        e.getMessage());
            }
        }
    }

    /** The next of an owner's versions, once one of theirs ended, rather than at the next sweep. */
    @EventListener
    void onPreparationEnded(PreparationEnded ended) {
        sendDue();
    }

    /**
     * The size of the preparation a version not yet stored would be sent as, its tests inline as they
     * would be (tests not read yet, as many as may travel inline): the largest JSON document a service
     * reads must hold it (a stored version is read back as parts of it, a worker reads all of it).
     */
    @Override
    public long preparationBytes(ProblemVersion version) {
        ProblemVersion asSent = version;
        if (version.testCases() == null) {
            // Sent by reference, or up to the inline limit in place of the reference.
            TestData unread = new TestData(0, 0, "0".repeat(64), 0, 0);
            return json.writeValueAsBytes(preparation(version.with(unread, null))).length
                    + testData.inlineLimit().toBytes();
        }
        TestData.Digest digest = new TestData.Digest();
        version.testCases().forEach(digest::add);
        TestData tests = digest.of(version.problemId(), version.version());
        if (tests.bytes() > testData.inlineLimit().toBytes()) {
            asSent = version.with(tests, null); // they travel as a reference
        }
        return json.writeValueAsBytes(preparation(asSent)).length;
    }

    /** A tagged solution judged as a submission of it would be, with the files beside its source. */
    private JudgeRequest solutionRequest(ProblemVersion version, ProblemProgram program) {
        JudgeRequest request = version.judgeRequest(
                UUID.randomUUID(), program.language(), program.sourceCode(), Instant.now(), 1, languages);
        return program.files().isEmpty()
                ? request
                : request.withProgram(JudgeRequest.Program.of(
                        request.program(), new JudgeRequest.Program(null, program.files(), null)));
    }

    private ProblemPreparation preparation(ProblemVersion version) {
        return new ProblemPreparation(
                version.problemId(),
                version.version(),
                version.checker() != null && version.checker().isCustom()
                        ? version.checker().program()
                        : null,
                version.interactor(),
                version.validator(),
                version.testCases(),
                version.testCases() == null ? version.testData() : null,
                version.solutions().stream()
                        .filter(solution -> solution.notJudged() == null)
                        .map(solution -> new ProblemPreparation.TaggedSolution(
                                solution.name(), solution.tag(), solutionRequest(version, solution.program())))
                        .toList(),
                version.generation(),
                version.setterLimits(),
                version.timeLimitInference(),
                version.furtherValidators());
    }
}
