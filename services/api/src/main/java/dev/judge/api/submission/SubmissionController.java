package dev.judge.api.submission;

import java.time.Duration;
import java.util.UUID;

import jakarta.validation.Valid;

import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;
import org.springframework.web.util.UriComponentsBuilder;

import dev.judge.api.system.NotFoundException;
import dev.judge.contracts.SubmissionStatus;

@RestController
@RequestMapping("/api/submissions")
class SubmissionController {

    private final SubmissionService service;
    private final SubmissionRepository submissions;
    private final SubmissionEvents events;
    private final QueueEstimate queue;

    SubmissionController(SubmissionService service, SubmissionRepository submissions, SubmissionEvents events,
            QueueEstimate queue) {
        this.service = service;
        this.submissions = submissions;
        this.events = events;
        this.queue = queue;
    }

    /**
     * 202: stored and queued; the verdict comes later, by polling (from {@code Retry-After} seconds on)
     * or from the event stream.
     */
    @PostMapping
    ResponseEntity<SubmissionAccepted> submit(@Valid @RequestBody SubmissionRequest request, UriComponentsBuilder uri) {
        UUID id = service.accept(request);
        return ResponseEntity.accepted()
                .location(uri.path("/api/submissions/{id}").build(id))
                .header(HttpHeaders.RETRY_AFTER, seconds(queue.retryAfterAccepting()))
                .body(new SubmissionAccepted(id, SubmissionStatus.QUEUED));
    }

    /** Until the verdict, {@code Retry-After} says when asking again is worth it. */
    @GetMapping("/{id}")
    ResponseEntity<SubmissionView> get(@PathVariable UUID id) {
        SubmissionView view = find(id);
        ResponseEntity.BodyBuilder response = ResponseEntity.ok();
        queue.retryAfter(view).ifPresent(wait -> response.header(HttpHeaders.RETRY_AFTER, seconds(wait)));
        return response.body(view);
    }

    /**
     * Server-sent events: one {@code status} event with the current state, then one per change, the
     * last one carrying the verdict; then the stream ends.
     */
    @GetMapping(path = "/{id}/events", produces = MediaType.TEXT_EVENT_STREAM_VALUE)
    SseEmitter follow(@PathVariable UUID id) {
        return events.follow(find(id));
    }

    private SubmissionView find(UUID id) {
        return submissions.find(id).orElseThrow(() -> new NotFoundException("submission", id));
    }

    /** Retry-After in delta-seconds (RFC 9110), rounded up. */
    private static String seconds(Duration wait) {
        return Long.toString((wait.toMillis() + 999) / 1000);
    }
}
