package dev.judge.api.problem;

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
import org.springframework.dao.DataAccessException;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

import dev.judge.contracts.JudgeQueues;
import dev.judge.contracts.ProblemPreparation;
import dev.judge.contracts.TestData;
import dev.judge.contracts.language.LanguageCatalog;

/**
 * Sends the workers the problem versions still to be prepared: at once after a version is saved, and
 * again from a sweep for any whose preparation was lost (a broker restart, a worker killed mid-way).
 * A version is sent again only after {@code judge.problems.preparation.resend-after}; a preparation
 * done twice is harmless (the result consumer records the first result).
 */
@Component
class ProblemPreparations {

    private static final Logger log = LoggerFactory.getLogger(ProblemPreparations.class);

    /**
     * @param resendAfter how long a version may stay PREPARING after it was sent before it is sent
     *        again: longer than building a testlib checker and validating a large problem's tests
     * @param sweepInterval how often each API replica looks for versions to send again
     */
    @ConfigurationProperties("judge.problems.preparation")
    record Properties(
            @DefaultValue("2m") Duration resendAfter,
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

    /** Sends every version due: the one just saved, and any whose preparation was lost. */
    @Scheduled(
            fixedDelayString = "${judge.problems.preparation.sweep-interval:30s}",
            initialDelayString = "${judge.problems.preparation.sweep-interval:30s}")
    void sendDue() {
        List<ProblemVersion> due;
        try {
            due = problems.preparationsToSend(
                    properties.resendAfter(), testData.inlineLimit().toBytes());
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

    /**
     * The size of the preparation a version not yet stored would be sent as, its tests inline as they
     * would be: the largest JSON document a service reads must hold it (a stored version is read back
     * as parts of it, a worker reads all of it).
     */
    long preparationBytes(ProblemVersion version) {
        ProblemVersion asSent = version;
        if (version.testCases() != null) {
            TestData.Digest digest = new TestData.Digest();
            version.testCases().forEach(digest::add);
            TestData tests = digest.of(version.problemId(), version.version());
            if (tests.bytes() > testData.inlineLimit().toBytes()) {
                asSent = version.with(tests, null); // they travel as a reference
            }
        }
        return json.writeValueAsBytes(preparation(asSent)).length;
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
                        .map(solution -> new ProblemPreparation.TaggedSolution(
                                solution.name(),
                                solution.tag(),
                                version.judgeRequest(
                                        UUID.randomUUID(),
                                        solution.program().language(),
                                        solution.program().sourceCode(),
                                        Instant.now(),
                                        1,
                                        languages)))
                        .toList(),
                version.generation(),
                version.setterLimits());
    }
}
