package dev.judge.api.problem.transfers;

import static dev.judge.api.system.ResponseDescriptions.NOT_A_NUMBER;
import static dev.judge.api.system.ResponseDescriptions.NOT_OWNER;
import static dev.judge.api.system.ResponseDescriptions.NO_SUCH_PROBLEM;

import java.io.IOException;
import java.io.InputStream;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import org.springframework.http.ResponseEntity;
import org.springframework.web.servlet.mvc.method.annotation.StreamingResponseBody;

import dev.judge.api.access.Caller;
import dev.judge.api.problem.ProblemView;
import dev.judge.contracts.TestData;

/** The OpenAPI document's account of {@link ProblemTestsController}'s operations: what each takes and answers. */
interface ProblemTestsApi {

    @Operation(
            operationId = "uploadTests",
            summary = "Replace a problem's tests with a new version of it, streamed",
            description =
                    "One JSON test case per line: {\"input\", \"expectedOutput\", \"group\"}. The new version keeps "
                            + "everything else of the current one. Up to 2,000 tests, 32 MiB per input or answer, 1 GiB in all.",
            requestBody =
                    @io.swagger.v3.oas.annotations.parameters.RequestBody(
                            required = true,
                            description = "The test cases, each on a line of its own",
                            content =
                                    @Content(
                                            mediaType = TestData.MEDIA_TYPE,
                                            array =
                                                    @ArraySchema(
                                                            minItems = 1,
                                                            schema =
                                                                    @Schema(
                                                                            implementation =
                                                                                    ProblemView.TestCaseView.class)))))
    @ApiResponse(responseCode = "200", description = "The problem's new version")
    @ApiResponse(
            responseCode = "400",
            description = "The id is not a number, a line is not a test case, a test's group is "
                    + "not one of the problem's, or a group has no test; nothing stored")
    @ApiResponse(responseCode = "403", description = NOT_OWNER)
    @ApiResponse(responseCode = "404", description = NO_SUCH_PROBLEM)
    @ApiResponse(responseCode = "413", description = "Past a limit; nothing stored")
    @ApiResponse(
            responseCode = "409",
            description = "The problem's groups changed while the tests came; nothing stored")
    @ApiResponse(responseCode = "415", description = "The body is not application/x-ndjson")
    @ApiResponse(
            responseCode = "429",
            description = "Another upload, download or import of this caller's is under way on this replica; "
                    + "nothing stored")
    @ApiResponse(
            responseCode = "503",
            description = "As many uploads and downloads as this replica takes at once are "
                    + "under way, or the database cannot be reached; nothing was stored")
    ProblemView upload(Caller caller, long id, InputStream request) throws IOException;

    @Operation(
            operationId = "downloadTests",
            summary = "Read a problem's current tests, streamed, one JSON test case per line")
    @ApiResponse(
            responseCode = "200",
            description = "The test cases, each on a line of its own",
            content =
                    @Content(
                            mediaType = TestData.MEDIA_TYPE,
                            array = @ArraySchema(schema = @Schema(implementation = ProblemView.TestCaseView.class))))
    @ApiResponse(responseCode = "400", description = NOT_A_NUMBER)
    @ApiResponse(responseCode = "403", description = NOT_OWNER)
    @ApiResponse(responseCode = "404", description = NO_SUCH_PROBLEM)
    @ApiResponse(
            responseCode = "429",
            description = "Another upload, download or import of this caller's is under way on this replica")
    @ApiResponse(
            responseCode = "503",
            description = "As many uploads and downloads as this replica takes at once are "
                    + "under way, or the database cannot be reached")
    ResponseEntity<StreamingResponseBody> download(Caller caller, long id);
}
