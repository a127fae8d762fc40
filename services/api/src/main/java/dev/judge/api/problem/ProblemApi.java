package dev.judge.api.problem;

import static dev.judge.api.system.ResponseDescriptions.DATABASE_DOWN_NOTHING_STORED;
import static dev.judge.api.system.ResponseDescriptions.NOT_OWNER;
import static dev.judge.api.system.ResponseDescriptions.NO_SUCH_PROBLEM;
import static dev.judge.api.system.ResponseDescriptions.WITHOUT_PROBLEMS_SCOPE;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.headers.Header;
import io.swagger.v3.oas.annotations.links.Link;
import io.swagger.v3.oas.annotations.links.LinkParameter;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.PositiveOrZero;
import org.springframework.http.HttpHeaders;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.ServletRequestBindingException;
import org.springframework.web.util.UriComponentsBuilder;

import dev.judge.api.access.Caller;

/** The OpenAPI document's account of {@link ProblemController}'s operations: what each takes and answers. */
interface ProblemApi {

    @Operation(operationId = "createProblem", summary = "Create a problem with its test cases")
    @ApiResponse(
            responseCode = "201",
            description = "Created",
            headers =
                    @Header(
                            name = HttpHeaders.LOCATION,
                            description = "The problem",
                            schema = @Schema(type = "string")),
            links =
                    @Link(
                            name = "getProblem",
                            operationId = "getProblem",
                            parameters = @LinkParameter(name = "id", expression = "$response.body#/id")))
    @ApiResponse(
            responseCode = "400",
            description = "Malformed JSON, wrong types, missing or invalid fields, limits "
                    + "out of range; or rules across fields: with groups, each test names one of them and each group has a test "
                    + "(without groups, no test names one); a group depends only on groups listed before it; checker or "
                    + "comparison, not both. `errors` lists the fields")
    @ApiResponse(responseCode = "403", description = WITHOUT_PROBLEMS_SCOPE)
    @ApiResponse(
            responseCode = "422",
            description = "A checker, interactor, time factor or grader names an unknown language")
    @ApiResponse(responseCode = "503", description = DATABASE_DOWN_NOTHING_STORED)
    ResponseEntity<ProblemView> create(Caller caller, @Valid ProblemRequest request, UriComponentsBuilder uri);

    @Operation(
            operationId = "editProblem",
            summary = "Replace a problem with a new version of it",
            description = "Submissions made before keep being judged against the version they were made to.")
    @ApiResponse(
            responseCode = "200",
            description = "The problem's new version",
            links =
                    @Link(
                            name = "getProblem",
                            operationId = "getProblem",
                            parameters = @LinkParameter(name = "id", expression = "$response.body#/id")))
    @ApiResponse(responseCode = "400", description = "As for createProblem, or the id is not a number")
    @ApiResponse(responseCode = "403", description = NOT_OWNER)
    @ApiResponse(responseCode = "404", description = NO_SUCH_PROBLEM)
    @ApiResponse(
            responseCode = "422",
            description = "A checker, interactor, time factor or grader names an unknown language")
    @ApiResponse(responseCode = "503", description = DATABASE_DOWN_NOTHING_STORED)
    ProblemView edit(Caller caller, long id, @Valid ProblemRequest request);

    @Operation(
            operationId = "listProblems",
            summary = "List the problems the caller owns, by id",
            description = "A key's own problems (those it made, or the API made for it, as the load test's); the "
                    + "anonymous caller's; every problem for the admin. `next` pages on")
    @ApiResponse(responseCode = "200", description = "The problems")
    @ApiResponse(responseCode = "400", description = "after or limit is not a number in range")
    @ApiResponse(responseCode = "503", description = "The database cannot be reached")
    ProblemList list(Caller caller, HttpServletRequest request, @PositiveOrZero long after, @Min(1) @Max(100) int limit)
            throws ServletRequestBindingException;

    @Operation(
            operationId = "getProblem",
            summary = "Read a problem's current version with its test cases (up to 8 MiB of them)",
            description = "Its owner and the admin see everything; a caller who may only submit to it, its statement "
                    + "without test cases")
    @ApiResponse(responseCode = "200", description = "The problem")
    @ApiResponse(responseCode = "400", description = "The id is not a number, or include is not `sources`")
    @ApiResponse(responseCode = "403", description = "`include=sources` by a caller who does not manage the problem")
    @ApiResponse(responseCode = "404", description = NO_SUCH_PROBLEM)
    @ApiResponse(responseCode = "503", description = "The database cannot be reached")
    ProblemView get(Caller caller, long id, String include);
}
