package dev.judge.api.submission;

import java.util.UUID;

import jakarta.validation.Valid;

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

    SubmissionController(SubmissionService service, SubmissionRepository submissions, SubmissionEvents events) {
        this.service = service;
        this.submissions = submissions;
        this.events = events;
    }

    /** 202: stored and queued; the verdict comes later, by polling or from the event stream. */
    @PostMapping
    ResponseEntity<SubmissionAccepted> submit(@Valid @RequestBody SubmissionRequest request, UriComponentsBuilder uri) {
        UUID id = service.accept(request);
        return ResponseEntity.accepted()
                .location(uri.path("/api/submissions/{id}").build(id))
                .body(new SubmissionAccepted(id, SubmissionStatus.QUEUED));
    }

    @GetMapping("/{id}")
    SubmissionView get(@PathVariable UUID id) {
        return submissions.find(id).orElseThrow(() -> new NotFoundException("submission", id));
    }

    /**
     * Server-sent events: one {@code status} event with the current state, then one per change, the
     * last one carrying the verdict; then the stream ends.
     */
    @GetMapping(path = "/{id}/events", produces = MediaType.TEXT_EVENT_STREAM_VALUE)
    SseEmitter follow(@PathVariable UUID id) {
        SubmissionView current = get(id);
        return events.follow(current);
    }
}
