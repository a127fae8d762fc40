package dev.judge.api.submission.read;

import java.util.List;
import java.util.UUID;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.enums.ParameterIn;
import io.swagger.v3.oas.annotations.headers.Header;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
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
import dev.judge.api.submission.JudgementView;
import dev.judge.api.submission.SubmissionBatch;
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
class SubmissionReadController {

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

    /** Those of these submissions that exist and are the caller's, in the order asked; polling limits do not apply. */
    @GetMapping(params = "ids")
    @Operation(
            operationId = "getSubmissions",
            summary = "Read up to " + SubmissionBatch.MAX_SIZE + " submissions at once")
    @ApiResponse(
            responseCode = "200",
            description = "The submissions found, in the order asked; unknown ids are left out")
    @ApiResponse(
            responseCode = "400",
            description = "An id is not a UUID, or none or more than " + SubmissionBatch.MAX_SIZE + " ids")
    @ApiResponse(responseCode = "414", description = "The URI is longer than the server reads")
    @ApiResponse(responseCode = "503", description = "The database reads are all busy")
    SubmissionList<SubmissionView> getMany(
            Caller caller,
            @Parameter(description = "Comma-separated submission ids")
                    @RequestParam
                    @Size(min = 1, max = SubmissionBatch.MAX_SIZE)
                    List<@NotNull UUID> ids) {
        return new SubmissionList<>(views.findAll(ids).stream()
                .filter(view -> caller.mayRead(view.apiKeyId()))
                .map(view -> feedback.shownTo(caller, view))
                .toList());
    }

    /**
     * Until the verdict, {@code Retry-After} says when asking again is worth it; asking far sooner is
     * answered 429. With {@code If-None-Match} and the last {@code ETag}, an unchanged submission is
     * answered 304 without a body.
     */
    @GetMapping("/{id}")
    @Operation(
            operationId = "getSubmission",
            summary = "Read a submission: its status, then its verdict and per-test results")
    @ApiResponse(
            responseCode = "200",
            description = "The submission; Retry-After until it is FINISHED",
            headers = {
                @Header(name = HttpHeaders.ETAG, schema = @Schema(type = "string")),
                @Header(
                        name = HttpHeaders.RETRY_AFTER,
                        description = "Absent once FINISHED",
                        schema = @Schema(type = "integer"))
            })
    @ApiResponse(responseCode = "304", description = "Unchanged since the ETag given in If-None-Match")
    @ApiResponse(responseCode = "400", description = "The id is not a UUID")
    @ApiResponse(responseCode = "404", description = "No submission with this id that this caller may read")
    @ApiResponse(responseCode = "429", description = "Polled long before the last Retry-After")
    @ApiResponse(responseCode = "503", description = "Not in memory and the database reads are all busy")
    @Parameter(
            in = ParameterIn.HEADER,
            name = HttpHeaders.IF_NONE_MATCH,
            description = "The last ETag seen",
            schema = @Schema(type = "string"))
    ResponseEntity<SubmissionView> get(Caller caller, @PathVariable UUID id) {
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

    /**
     * Server-sent events: one {@code status} event with the current state, then one per change, the
     * last one carrying the verdict; then the stream ends.
     */
    @GetMapping(path = "/{id}/events", produces = MediaType.TEXT_EVENT_STREAM_VALUE)
    @Operation(
            operationId = "followSubmission",
            summary = "Follow a submission as server-sent events until its verdict")
    @ApiResponse(
            responseCode = "200",
            description = "`status` events, each a SubmissionView as JSON; the last one FINISHED",
            content = @Content(mediaType = MediaType.TEXT_EVENT_STREAM_VALUE, schema = @Schema(type = "string")))
    @ApiResponse(responseCode = "400", description = "The id is not a UUID")
    @ApiResponse(responseCode = "404", description = "No submission with this id that this caller may read")
    @ApiResponse(responseCode = "503", description = "Not in memory and the database reads are all busy")
    SseEmitter follow(Caller caller, @PathVariable UUID id) {
        return events.follow(find(caller, id), view -> feedback.shownTo(caller, view));
    }

    @GetMapping("/{id}/judgements")
    @Operation(
            operationId = "getSubmissionJudgements",
            summary = "The judgements of a submission that rejudges replaced, oldest first")
    @ApiResponse(
            responseCode = "200",
            description = "Empty for a submission never rejudged; the current judgement is the submission itself")
    @ApiResponse(responseCode = "400", description = "The id is not a UUID")
    @ApiResponse(responseCode = "404", description = "No submission with this id that this caller may read")
    @ApiResponse(responseCode = "503", description = "The database cannot be reached, or its reads are all busy")
    JudgementList judgements(Caller caller, @PathVariable UUID id) {
        find(caller, id);
        return new JudgementList(submissions.replacedJudgements(id));
    }

    record JudgementList(
            @Schema(requiredMode = Schema.RequiredMode.REQUIRED)
            List<JudgementView> judgements) {}

    /** Another key's submission is answered as if it did not exist. */
    private SubmissionView find(Caller caller, UUID id) {
        return views.find(id)
                .filter(view -> caller.mayRead(view.apiKeyId()))
                .orElseThrow(() -> new NotFoundException("submission", id));
    }
}
