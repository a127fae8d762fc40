package dev.judge.api.submission;

import static dev.judge.api.system.MediaTypes.ZIP;
import static dev.judge.api.system.ResponseDescriptions.DATABASE_DOWN_NOTHING_STORED;
import static dev.judge.api.system.ResponseDescriptions.NOT_A_ZIP;
import static dev.judge.api.system.ResponseDescriptions.OVER_QUOTA;

import java.io.IOException;
import java.io.InputStream;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.headers.Header;
import io.swagger.v3.oas.annotations.links.Link;
import io.swagger.v3.oas.annotations.links.LinkParameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Positive;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.util.UriComponentsBuilder;

import dev.judge.api.access.Caller;

/** The OpenAPI document's account of {@link SubmissionController}'s operations: what each takes and answers. */
interface SubmissionApi {

    /**
     * 202: stored and queued; the verdict comes later, by polling (from {@code Retry-After} seconds on)
     * or from the event stream.
     */
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
                    + "not exactly one of problemId, stdin and stdins, a compile option no language allows; "
                    + "`errors` lists the fields")
    @ApiResponse(
            responseCode = "413",
            description =
                    "sourceCode (with its files) or stdin (or stdins together) longer than its limit, or the body "
                            + "over 8 MiB")
    @ApiResponse(
            responseCode = "409",
            description = "The problem's current version is still being prepared (with "
                    + "Retry-After) or failed its preparation; nothing was stored",
            headers = @Header(name = HttpHeaders.RETRY_AFTER, schema = @Schema(type = "integer")))
    @ApiResponse(
            responseCode = "422",
            description = "Unknown problem or language, a callbackUrl refused (not http(s), "
                    + "an internal address, or no API key to sign with), or files or compileOptions its language "
                    + "cannot take (a name twice or the source's, an option of another language); `errors` lists them")
    @ApiResponse(responseCode = "429", description = OVER_QUOTA)
    @ApiResponse(responseCode = "503", description = DATABASE_DOWN_NOTHING_STORED)
    ResponseEntity<SubmissionAccepted> submit(
            Caller caller, @Valid SubmissionRequest request, UriComponentsBuilder uri);

    /** An output-only problem's outputs as a zip of files, each named with its test's number. */
    @Operation(
            operationId = "submitOutputs",
            summary = "Submit an output-only problem's outputs as a zip of files",
            description = "One file per test, named with its number (output_01.txt, 1.out, 3): read for that "
                    + "number only; folders, __MACOSX/ and names from a dot are passed over. The same submission as "
                    + "outputs sent as JSON, within the same limit.",
            requestBody =
                    @io.swagger.v3.oas.annotations.parameters.RequestBody(
                            required = true,
                            content = {
                                @Content(mediaType = ZIP, schema = @Schema(type = "string", format = "binary")),
                                @Content(
                                        mediaType = MediaType.APPLICATION_OCTET_STREAM_VALUE,
                                        schema = @Schema(type = "string", format = "binary"))
                            }))
    @ApiResponse(
            responseCode = "202",
            description = "Stored and queued; poll the Location",
            headers =
                    @Header(
                            name = HttpHeaders.LOCATION,
                            description = "The submission",
                            schema = @Schema(type = "string")))
    @ApiResponse(
            responseCode = "400",
            description = "Not a zip, a file not named with a test's number or not UTF-8 text, two for one test, "
                    + "none at all; `file` names it")
    @ApiResponse(responseCode = "413", description = "More than the outputs' limit unpacked, or too many entries")
    @ApiResponse(responseCode = "415", description = NOT_A_ZIP)
    @ApiResponse(
            responseCode = "409",
            description = "The problem's current version is still being prepared or failed its preparation",
            headers = @Header(name = HttpHeaders.RETRY_AFTER, schema = @Schema(type = "integer")))
    @ApiResponse(
            responseCode = "422",
            description = "Unknown problem, one that is not output-only, or a file for a test it does not have")
    @ApiResponse(responseCode = "429", description = OVER_QUOTA)
    @ApiResponse(responseCode = "503", description = DATABASE_DOWN_NOTHING_STORED)
    ResponseEntity<SubmissionAccepted> submitOutputs(
            Caller caller, @Positive long problemId, InputStream body, UriComponentsBuilder uri) throws IOException;

    /** All stored and queued, in the order given, or none (the problem document names each one that is wrong). */
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
    @ApiResponse(
            responseCode = "409",
            description = "A problem's current version is still being prepared (with "
                    + "Retry-After) or failed its preparation; nothing was stored",
            headers = @Header(name = HttpHeaders.RETRY_AFTER, schema = @Schema(type = "integer")))
    @ApiResponse(
            responseCode = "422",
            description = "Unknown problems or languages, sources or inputs over their limits, "
                    + "files or compile options their languages cannot take, or refused callbackUrls; "
                    + "`errors` names each by index, and nothing was stored")
    @ApiResponse(responseCode = "429", description = OVER_QUOTA)
    @ApiResponse(responseCode = "503", description = DATABASE_DOWN_NOTHING_STORED)
    ResponseEntity<SubmissionList<SubmissionAccepted>> submitBatch(Caller caller, @Valid SubmissionBatch batch);
}
