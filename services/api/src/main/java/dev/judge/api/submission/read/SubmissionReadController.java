package dev.judge.api.submission.read;

import java.util.List;
import java.util.UUID;

import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.enums.ParameterIn;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;

import dev.judge.api.access.Caller;
import dev.judge.api.submission.SubmissionFeedback;
import dev.judge.api.submission.SubmissionList;
import dev.judge.api.submission.SubmissionRepository;
import dev.judge.api.submission.SubmissionView;
import dev.judge.api.system.NotFoundException;
import dev.judge.api.system.RetryAfter;
import dev.judge.api.system.TryLaterException;

/** The read side of {@code /api/submissions}: polls, event streams and judgements, from memory where it can. */
@RestController
@RequestMapping(path = "/api/submissions", produces = MediaType.APPLICATION_JSON_VALUE)
@Tag(name = "submissions")
class SubmissionReadController implements SubmissionReadApi {

    private final SubmissionViewCache views;
    private final SubmissionEvents events;
    private final PollPacing pacing;
    private final SubmissionRepository submissions;
    private final SubmissionFeedback feedback;

    SubmissionReadController(
            SubmissionViewCache views,
            SubmissionEvents events,
            PollPacing pacing,
            SubmissionRepository submissions,
            SubmissionFeedback feedback) {
        this.views = views;
        this.events = events;
        this.pacing = pacing;
        this.submissions = submissions;
        this.feedback = feedback;
    }

    @Override
    @GetMapping(params = "ids")
    public SubmissionList<SubmissionView> getMany(
            Caller caller, @Parameter(description = "Comma-separated submission ids") @RequestParam List<UUID> ids) {
        return new SubmissionList<>(views.findAll(ids).stream()
                .filter(view -> caller.mayRead(view.apiKeyId()))
                .map(view -> feedback.shownTo(caller, view))
                .toList());
    }

    @Override
    @GetMapping("/{id}")
    @Parameter(
            in = ParameterIn.HEADER,
            name = HttpHeaders.IF_NONE_MATCH,
            description = "The last ETag seen",
            schema = @Schema(type = "string"))
    public ResponseEntity<SubmissionView> get(Caller caller, @PathVariable UUID id) {
        // Whose it is first, so that another key's poll learns nothing, not even that it is paced.
        SubmissionView view = find(caller, id);
        pacing.tooSoon(id, view.etag()).ifPresent(wait -> {
            throw TryLaterException.tooSoon(wait);
        });
        // Spring answers 304 itself when the request's If-None-Match holds this ETag.
        ResponseEntity.BodyBuilder response = ResponseEntity.ok().eTag(view.etag());
        pacing.nextPoll(view).ifPresent(wait -> response.header(HttpHeaders.RETRY_AFTER, RetryAfter.seconds(wait)));
        return response.body(feedback.shownTo(caller, view));
    }

    @Override
    @GetMapping(path = "/{id}/events", produces = MediaType.TEXT_EVENT_STREAM_VALUE)
    public SseEmitter follow(Caller caller, @PathVariable UUID id) {
        return events.follow(find(caller, id), view -> feedback.shownTo(caller, view));
    }

    @Override
    @GetMapping("/{id}/judgements")
    public JudgementList judgements(Caller caller, @PathVariable UUID id) {
        find(caller, id);
        return new JudgementList(submissions.replacedJudgements(id));
    }

    /** Another key's submission is answered as if it did not exist. */
    private SubmissionView find(Caller caller, UUID id) {
        return views.find(id)
                .filter(view -> caller.mayRead(view.apiKeyId()))
                .orElseThrow(() -> new NotFoundException("submission", id));
    }
}
