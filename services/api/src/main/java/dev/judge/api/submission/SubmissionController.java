package dev.judge.api.submission;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.enums.ParameterIn;
import io.swagger.v3.oas.annotations.headers.Header;
import io.swagger.v3.oas.annotations.links.Link;
import io.swagger.v3.oas.annotations.links.LinkParameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.HttpRequestMethodNotSupportedException;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestMethod;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;
import org.springframework.web.util.UriComponentsBuilder;

import dev.judge.api.access.Caller;
import dev.judge.api.system.NotFoundException;
import dev.judge.api.system.RetryAfter;
import dev.judge.api.system.TryLaterException;

@RestController
@RequestMapping(path = "/api/submissions", produces = MediaType.APPLICATION_JSON_VALUE)
@Tag(name = "submissions")
class SubmissionController {

    private final SubmissionService service;
    private final SubmissionViews views;
    private final SubmissionEvents events;
    private final QueueEstimate queue;
    private final PollPacing pacing;

    SubmissionController(
            SubmissionService service,
            SubmissionViews views,
            SubmissionEvents events,
            QueueEstimate queue,
            PollPacing pacing) {
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
    @PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
    @Operation(operationId = "submit", summary = "Submit a program to a problem, or for a run on stdin")
    @ApiResponse(
            responseCode = "202",
            description = "Stored and queued; poll the Location, or follow its events",
            headers = {
                @Header(name = HttpHeaders.LOCATION, description = "The submission", schema = @Schema(type = "string")),
                @Header(
                        name = HttpHeaders.RETRY_AFTER,
                        description = "Seconds until polling is worth it",
                        schema = @Schema(type = "integer"))
            },
            links = {
                @Link(
                        name = "getSubmission",
                        operationId = "getSubmission",
                        parameters = @LinkParameter(name = "id", expression = "$response.body#/id")),
                @Link(
                        name = "followSubmission",
                        operationId = "followSubmission",
                        parameters = @LinkParameter(name = "id", expression = "$response.body#/id"))
            })
    @ApiResponse(
            responseCode = "400",
            description = "Malformed JSON, wrong types, missing or invalid fields, "
                    + "both or neither of problemId and stdin; `errors` lists the fields")
    @ApiResponse(
            responseCode = "413",
            description = "sourceCode or stdin longer than its limit, or the body over 8 MiB")
    @ApiResponse(responseCode = "415", description = "The body is not application/json")
    @ApiResponse(
            responseCode = "409",
            description = "The problem's current version is still being prepared (with "
                    + "Retry-After) or failed its preparation; nothing was stored",
            headers = @Header(name = HttpHeaders.RETRY_AFTER, schema = @Schema(type = "integer")))
    @ApiResponse(
            responseCode = "422",
            description = "Unknown problem or language, or a callbackUrl refused (not http(s), "
                    + "an internal address, or no API key to sign with)")
    @ApiResponse(
            responseCode = "429",
            description = "The key is over a quota; nothing was stored",
            headers = @Header(name = HttpHeaders.RETRY_AFTER, schema = @Schema(type = "integer")))
    @ApiResponse(
            responseCode = "503",
            description = "The database cannot be reached; nothing was stored",
            headers = @Header(name = HttpHeaders.RETRY_AFTER, schema = @Schema(type = "integer")))
    ResponseEntity<SubmissionAccepted> submit(
            Caller caller, @Valid @RequestBody SubmissionRequest request, UriComponentsBuilder uri) {
        SubmissionService.Accepted accepted = service.accept(caller, request);
        SubmissionView view = accepted.submissions().getFirst();
        return accepted(accepted)
                .location(uri.path("/api/submissions/{id}").build(view.id()))
                .body(SubmissionAccepted.of(view));
    }

    /** All stored and queued, in the order given, or none (the problem document names each one that is wrong). */
    @PostMapping(path = "/batch", consumes = MediaType.APPLICATION_JSON_VALUE)
    @Operation(
            operationId = "submitBatch",
            summary = "Submit up to " + SubmissionBatch.MAX_SIZE + " programs at once: all or none")
    @ApiResponse(
            responseCode = "202",
            description = "All stored and queued; their ids in the order given",
            headers =
                    @Header(
                            name = HttpHeaders.RETRY_AFTER,
                            description = "Seconds until polling is worth it",
                            schema = @Schema(type = "integer")))
    @ApiResponse(
            responseCode = "400",
            description = "Malformed JSON, no submissions or more than " + SubmissionBatch.MAX_SIZE
                    + ", or invalid fields; `errors` names them by index")
    @ApiResponse(responseCode = "415", description = "The body is not application/json")
    @ApiResponse(
            responseCode = "409",
            description = "A problem's current version is still being prepared (with "
                    + "Retry-After) or failed its preparation; nothing was stored",
            headers = @Header(name = HttpHeaders.RETRY_AFTER, schema = @Schema(type = "integer")))
    @ApiResponse(
            responseCode = "422",
            description = "Unknown problems or languages, sources or inputs over their limits, "
                    + "or refused callbackUrls; "
                    + "`errors` names each by index, and nothing was stored")
    @ApiResponse(
            responseCode = "429",
            description = "The key is over a quota; nothing was stored",
            headers = @Header(name = HttpHeaders.RETRY_AFTER, schema = @Schema(type = "integer")))
    @ApiResponse(
            responseCode = "503",
            description = "The database cannot be reached; nothing was stored",
            headers = @Header(name = HttpHeaders.RETRY_AFTER, schema = @Schema(type = "integer")))
    ResponseEntity<SubmissionList<SubmissionAccepted>> submitBatch(
            Caller caller, @Valid @RequestBody SubmissionBatch batch) {
        SubmissionService.Accepted accepted = service.acceptAll(caller, batch.submissions());
        return accepted(accepted)
                .body(new SubmissionList<>(accepted.submissions().stream()
                        .map(SubmissionAccepted::of)
                        .toList()));
    }

    /**
     * The batch resource takes POST only. Without this, GET /api/submissions/batch would reach
     * {@link #get} (and be refused 400: "batch" is no id), and OPTIONS would list GET.
     */
    @RequestMapping(
            path = "/batch",
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

    /** Held for fast reads, told when to poll, and the key's quotas in RateLimit fields. */
    private ResponseEntity.BodyBuilder accepted(SubmissionService.Accepted accepted) {
        Duration wait = Duration.ZERO;
        for (SubmissionView view : accepted.submissions()) {
            Duration waitForThis = queue.retryAfterAccepting(view.lane());
            views.hold(view);
            pacing.told(view.id(), view.etag(), waitForThis);
            wait = waitForThis.compareTo(wait) > 0 ? waitForThis : wait;
        }
        HttpHeaders headers = new HttpHeaders();
        headers.set(HttpHeaders.RETRY_AFTER, RetryAfter.seconds(wait));
        accepted.quota().ifPresent(usage -> usage.writeHeaders(headers, Instant.now()));
        return ResponseEntity.accepted().headers(headers);
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
    @ApiResponse(
            responseCode = "503",
            description = "The database reads are all busy",
            headers = @Header(name = HttpHeaders.RETRY_AFTER, schema = @Schema(type = "integer")))
    SubmissionList<SubmissionView> getMany(
            Caller caller,
            @Parameter(description = "Comma-separated submission ids")
                    @RequestParam
                    @Size(min = 1, max = SubmissionBatch.MAX_SIZE)
                    List<@NotNull UUID> ids) {
        return new SubmissionList<>(views.findAll(ids).stream()
                .filter(view -> caller.mayRead(view.apiKeyId()))
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
    @ApiResponse(
            responseCode = "429",
            description = "Polled long before the last Retry-After",
            headers = @Header(name = HttpHeaders.RETRY_AFTER, schema = @Schema(type = "integer")))
    @ApiResponse(
            responseCode = "503",
            description = "Not in memory and the database reads are all busy",
            headers = @Header(name = HttpHeaders.RETRY_AFTER, schema = @Schema(type = "integer")))
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
        queue.retryAfter(view).ifPresent(wait -> {
            pacing.told(id, view.etag(), wait);
            response.header(HttpHeaders.RETRY_AFTER, RetryAfter.seconds(wait));
        });
        return response.body(view);
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
    @ApiResponse(
            responseCode = "503",
            description = "Not in memory and the database reads are all busy",
            headers = @Header(name = HttpHeaders.RETRY_AFTER, schema = @Schema(type = "integer")))
    SseEmitter follow(Caller caller, @PathVariable UUID id) {
        return events.follow(find(caller, id));
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
    @ApiResponse(
            responseCode = "503",
            description = "The database cannot be reached, or its reads are all busy",
            headers = @Header(name = HttpHeaders.RETRY_AFTER, schema = @Schema(type = "integer")))
    JudgementList judgements(Caller caller, @PathVariable UUID id) {
        find(caller, id);
        return new JudgementList(service.replacedJudgements(id));
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
