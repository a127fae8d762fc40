package dev.judge.api.submission;

import static dev.judge.api.system.MediaTypes.ZIP;

import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.HttpRequestMethodNotSupportedException;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestMethod;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.util.UriComponentsBuilder;

import dev.judge.api.access.Caller;
import dev.judge.api.system.RetryAfter;

@RestController
@RequestMapping(path = "/api/submissions", produces = MediaType.APPLICATION_JSON_VALUE)
@Tag(name = "submissions")
class SubmissionController implements SubmissionApi {

    private final SubmissionService service;
    private final QueueEstimate queue;
    private final ApplicationEventPublisher events;

    SubmissionController(SubmissionService service, QueueEstimate queue, ApplicationEventPublisher events) {
        this.service = service;
        this.queue = queue;
        this.events = events;
    }

    @Override
    @PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
    public ResponseEntity<SubmissionAccepted> submit(
            Caller caller, @RequestBody SubmissionRequest request, UriComponentsBuilder uri) {
        return acceptedOne(service.accept(caller, request), uri);
    }

    @Override
    @PostMapping(
            path = "/outputs",
            consumes = {ZIP, MediaType.APPLICATION_OCTET_STREAM_VALUE})
    public ResponseEntity<SubmissionAccepted> submitOutputs(
            Caller caller,
            @RequestParam @Parameter(description = "The output-only problem") long problemId,
            InputStream body,
            UriComponentsBuilder uri)
            throws IOException {
        return acceptedOne(service.acceptZippedOutputs(caller, problemId, body), uri);
    }

    @Override
    @PostMapping(path = "/batch", consumes = MediaType.APPLICATION_JSON_VALUE)
    public ResponseEntity<SubmissionList<SubmissionAccepted>> submitBatch(
            Caller caller, @RequestBody SubmissionBatch batch) {
        SubmissionService.Accepted accepted = service.acceptAll(caller, batch.submissions());
        return accepted(accepted)
                .body(new SubmissionList<>(accepted.submissions().stream()
                        .map(SubmissionAccepted::of)
                        .toList()));
    }

    /**
     * The batch and outputs resources take POST only. Without this, GET /api/submissions/batch would reach
     * {@code GET /api/submissions/{id}} (and be refused 400: "batch" is no id), and OPTIONS would list GET.
     */
    @RequestMapping(
            path = {"/batch", "/outputs"},
            method = {RequestMethod.GET, RequestMethod.OPTIONS})
    @Operation(hidden = true)
    ResponseEntity<Void> batchTakesPostOnly(HttpMethod method) throws HttpRequestMethodNotSupportedException {
        if (method == HttpMethod.OPTIONS) {
            return ResponseEntity.ok()
                    .allow(HttpMethod.POST, HttpMethod.OPTIONS)
                    .build();
        }
        throw new HttpRequestMethodNotSupportedException(method.name(), List.of(HttpMethod.POST.name()));
    }

    /** One submission accepted: 202 with its Location. */
    private ResponseEntity<SubmissionAccepted> acceptedOne(
            SubmissionService.Accepted accepted, UriComponentsBuilder uri) {
        SubmissionView view = accepted.submissions().getFirst();
        return accepted(accepted)
                .location(uri.path("/api/submissions/{id}").build(view.id()))
                .body(SubmissionAccepted.of(view));
    }

    /** Told when to poll (and the read side told so: {@link SubmissionQueued}), and the key's quotas in RateLimit fields. */
    private ResponseEntity.BodyBuilder accepted(SubmissionService.Accepted accepted) {
        Duration wait = Duration.ZERO;
        for (SubmissionView view : accepted.submissions()) {
            Duration waitForThis = queue.retryAfterAccepting(view.lane());
            events.publishEvent(new SubmissionQueued(view, waitForThis));
            wait = waitForThis.compareTo(wait) > 0 ? waitForThis : wait;
        }
        HttpHeaders headers = new HttpHeaders();
        headers.set(HttpHeaders.RETRY_AFTER, RetryAfter.seconds(wait));
        accepted.quota().ifPresent(usage -> usage.writeHeaders(headers, Instant.now()));
        return ResponseEntity.accepted().headers(headers);
    }
}
