package dev.judge.api.submission.read;

import static dev.judge.api.system.ResponseDescriptions.NOT_A_UUID;
import static dev.judge.api.system.ResponseDescriptions.NO_SUCH_SUBMISSION;

import java.util.List;
import java.util.UUID;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.headers.Header;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;

import dev.judge.api.access.Caller;
import dev.judge.api.submission.JudgementView;
import dev.judge.api.submission.SubmissionBatch;
import dev.judge.api.submission.SubmissionList;
import dev.judge.api.submission.SubmissionView;

/** The OpenAPI document's account of {@link SubmissionReadController}'s operations: what each takes and answers. */
interface SubmissionReadApi {

    /** Those of these submissions that exist and are the caller's, in the order asked; polling limits do not apply. */
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
            Caller caller, @Size(min = 1, max = SubmissionBatch.MAX_SIZE) List<@NotNull UUID> ids);

    /**
     * Until the verdict, {@code Retry-After} says when asking again is worth it; asking far sooner is
     * answered 429. With {@code If-None-Match} and the last {@code ETag}, an unchanged submission is
     * answered 304 without a body.
     */
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
    @ApiResponse(responseCode = "400", description = NOT_A_UUID)
    @ApiResponse(responseCode = "404", description = NO_SUCH_SUBMISSION)
    @ApiResponse(responseCode = "429", description = "Polled long before the last Retry-After")
    @ApiResponse(responseCode = "503", description = "Not in memory and the database reads are all busy")
    ResponseEntity<SubmissionView> get(Caller caller, UUID id);

    /**
     * Server-sent events: one {@code status} event with the current state, then one per change, the
     * last one carrying the verdict; then the stream ends.
     */
    @Operation(
            operationId = "followSubmission",
            summary = "Follow a submission as server-sent events until its verdict")
    @ApiResponse(
            responseCode = "200",
            description = "`status` events, each a SubmissionView as JSON; the last one FINISHED",
            content = @Content(mediaType = MediaType.TEXT_EVENT_STREAM_VALUE, schema = @Schema(type = "string")))
    @ApiResponse(responseCode = "400", description = NOT_A_UUID)
    @ApiResponse(responseCode = "404", description = NO_SUCH_SUBMISSION)
    @ApiResponse(responseCode = "503", description = "Not in memory and the database reads are all busy")
    SseEmitter follow(Caller caller, UUID id);

    @Operation(
            operationId = "getSubmissionJudgements",
            summary = "The judgements of a submission that rejudges replaced, oldest first")
    @ApiResponse(
            responseCode = "200",
            description = "Empty for a submission never rejudged; the current judgement is the submission itself")
    @ApiResponse(responseCode = "400", description = NOT_A_UUID)
    @ApiResponse(responseCode = "404", description = NO_SUCH_SUBMISSION)
    @ApiResponse(responseCode = "503", description = "The database cannot be reached, or its reads are all busy")
    JudgementList judgements(Caller caller, UUID id);

    /** A submission's replaced judgements, oldest first. */
    record JudgementList(
            @Schema(requiredMode = Schema.RequiredMode.REQUIRED)
            List<JudgementView> judgements) {}
}
