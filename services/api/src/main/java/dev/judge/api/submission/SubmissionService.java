package dev.judge.api.submission;

import java.util.UUID;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.stereotype.Service;

import dev.judge.api.system.UnknownReferenceException;
import dev.judge.contracts.language.LanguageCatalog;

@Service
class SubmissionService {

    private final SubmissionRepository submissions;
    private final LanguageCatalog languages;
    private final SubmissionProperties properties;
    private final ApplicationEventPublisher events;
    private final MeterRegistry meters;

    SubmissionService(SubmissionRepository submissions, LanguageCatalog languages,
            SubmissionProperties properties, ApplicationEventPublisher events, MeterRegistry meters) {
        this.submissions = submissions;
        this.languages = languages;
        this.properties = properties;
        this.events = events;
        this.meters = meters;
    }

    /**
     * Stores the submission and returns it without waiting for the broker: the outbox relay
     * publishes it after the commit, and again later if the broker was down.
     */
    SubmissionView accept(SubmissionRequest request) {
        if (languages.find(request.language()).isEmpty()) {
            throw new UnknownReferenceException("language", request.language(),
                    "Known languages: " + String.join(", ", languages.languages().keySet()));
        }
        checkLength("sourceCode", request.sourceCode(), properties.maxSourceLength());
        checkLength("stdin", request.stdin(), properties.maxStdinLength());

        UUID id = UUID.randomUUID();
        SubmissionView accepted;
        try {
            accepted = submissions.insert(id, request);
        } catch (DataIntegrityViolationException e) {
            // The only constraint valid input can break: the problem does not exist. Asking the
            // database once, here, costs nothing on the common path where it does.
            if (request.problemId() != null) {
                throw new UnknownReferenceException("problem", request.problemId(), null);
            }
            throw e;
        }
        acceptedCounter(request.language()).increment();
        events.publishEvent(new SubmissionStored(accepted.id()));
        return accepted;
    }

    private static void checkLength(String field, String value, int maxCharacters) {
        if (value != null && value.codePointCount(0, value.length()) > maxCharacters) {
            throw new ContentTooLargeException(field, maxCharacters);
        }
    }

    private Counter acceptedCounter(String language) {
        return Counter.builder("judge.submissions.accepted")
                .description("Submissions stored and queued for judging")
                .tag("language", language)
                .register(meters);
    }
}
