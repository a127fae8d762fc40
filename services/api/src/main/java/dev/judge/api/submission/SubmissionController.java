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
import dev.judge.api.system.RetryAfter;
import dev.judge.api.system.TryLaterException;
import dev.judge.contracts.SubmissionStatus;

@RestController
@RequestMapping("/api/submissions")
class SubmissionController {

    private final SubmissionService service;
    private final SubmissionViews views;
    private final SubmissionEvents events;
    private final QueueEstimate queue;
    private final PollPacing pacing;

    SubmissionController(SubmissionService service, SubmissionViews views, SubmissionEvents events,
            QueueEstimate queue, PollPacing pacing) {
        this.service = service;
        this.views = views;
        this.events = events;
        this.queue = queue;
        this.pacing = pacing;
    }

    /**
     * 202: stored and queued; the verdict comes later, by polling (from {@code Retry-After} seconds on)
     * or from the event stream.
     */
    @PostMapping
    ResponseEntity<SubmissionAccepted> submit(@Valid @RequestBody SubmissionRequest request, UriComponentsBuilder uri) {
        SubmissionView accepted = service.accept(request);
        views.hold(accepted);
        Duration wait = queue.retryAfterAccepting();
        pacing.told(accepted.id(), wait);
        return ResponseEntity.accepted()
                .location(uri.path("/api/submissions/{id}").build(accepted.id()))
                .header(HttpHeaders.RETRY_AFTER, RetryAfter.seconds(wait))
                .body(new SubmissionAccepted(accepted.id(), SubmissionStatus.QUEUED));
    }

    /**
     * Until the verdict, {@code Retry-After} says when asking again is worth it; asking far sooner is
     * answered 429. With {@code If-None-Match} and the last {@code ETag}, an unchanged submission is
     * answered 304 without a body.
     */
    @GetMapping("/{id}")
    ResponseEntity<SubmissionView> get(@PathVariable UUID id) {
        pacing.tooSoon(id).ifPresent(wait -> {
            throw TryLaterException.tooSoon(wait);
        });
        SubmissionView view = find(id);
        // Spring answers 304 itself when the request's If-None-Match holds this ETag.
        ResponseEntity.BodyBuilder response = ResponseEntity.ok().eTag(view.etag());
        queue.retryAfter(view).ifPresent(wait -> {
            pacing.told(id, wait);
            response.header(HttpHeaders.RETRY_AFTER, RetryAfter.seconds(wait));
        });
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
        return views.find(id).orElseThrow(() -> new NotFoundException("submission", id));
    }
}
