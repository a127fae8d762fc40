package dev.judge.api.problem;

import java.util.Arrays;
import java.util.List;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.headers.Header;
import io.swagger.v3.oas.annotations.links.Link;
import io.swagger.v3.oas.annotations.links.LinkParameter;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.PositiveOrZero;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.ErrorResponseException;
import org.springframework.web.bind.ServletRequestBindingException;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.util.UriComponentsBuilder;

import dev.judge.api.access.Caller;
import dev.judge.api.access.Scope;
import dev.judge.api.access.UnauthorizedException;
import dev.judge.api.system.NotFoundException;

@RestController
@RequestMapping(path = "/api/problems", produces = MediaType.APPLICATION_JSON_VALUE)
@Tag(name = "problems")
class ProblemController {

    private final ProblemService service;
    private final ProblemRepository problems;
    private final ProblemAccess access;
    private final TestDataProperties testData;

    ProblemController(
            ProblemService service, ProblemRepository problems, ProblemAccess access, TestDataProperties testData) {
        this.service = service;
        this.problems = problems;
        this.access = access;
        this.testData = testData;
    }

    @PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
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
    @ApiResponse(responseCode = "403", description = "A key without the scope PROBLEMS")
    @ApiResponse(
            responseCode = "422",
            description = "A checker, interactor, time factor or grader names an unknown language")
    @ApiResponse(responseCode = "503", description = "The database cannot be reached; nothing was stored")
    ResponseEntity<ProblemView> create(
            Caller caller, @Valid @RequestBody ProblemRequest request, UriComponentsBuilder uri) {
        if (!caller.has(Scope.PROBLEMS)) {
            throw UnauthorizedException.outOfScope(Scope.PROBLEMS);
        }
        ProblemOwner owner = ProblemOwner.of(caller, request.submitters());
        long id = service.create(request, owner);
        return ResponseEntity.created(uri.path("/api/problems/{id}").build(id)).body(current(id, owner, true, false));
    }

    @PutMapping(path = ID, consumes = MediaType.APPLICATION_JSON_VALUE)
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
    @ApiResponse(responseCode = "403", description = "Not the problem's owner (nor the admin)")
    @ApiResponse(responseCode = "404", description = "No problem with this id that the caller may see")
    @ApiResponse(
            responseCode = "422",
            description = "A checker, interactor, time factor or grader names an unknown language")
    @ApiResponse(responseCode = "503", description = "The database cannot be reached; nothing was stored")
    ProblemView edit(Caller caller, @PathVariable long id, @Valid @RequestBody ProblemRequest request) {
        ProblemOwner owner = access.requireManaged(caller, id);
        service.edit(id, request);
        access.forget(id);
        return current(id, owner.withSubmitters(request.submitters()), true, false);
    }

    @GetMapping
    @Operation(
            operationId = "listProblems",
            summary = "List the problems the caller owns, by id",
            description = "A key's own problems (those it made, or the API made for it, as the load test's); the "
                    + "anonymous caller's; every problem for the admin. `next` pages on")
    @ApiResponse(responseCode = "200", description = "The problems")
    @ApiResponse(responseCode = "400", description = "after or limit is not a number in range")
    @ApiResponse(responseCode = "503", description = "The database cannot be reached")
    ProblemList list(
            Caller caller,
            HttpServletRequest request,
            @RequestParam(defaultValue = "0")
                    @Parameter(
                            description = "Only problems with a larger id",
                            schema = @Schema(type = "integer", format = "int64", minimum = "0", defaultValue = "0"))
                    @PositiveOrZero
                    long after,
            @RequestParam(defaultValue = "100")
                    @Parameter(
                            description = "At most this many",
                            schema =
                                    @Schema(
                                            type = "integer",
                                            format = "int32",
                                            minimum = "1",
                                            maximum = "100",
                                            defaultValue = "100"))
                    @Min(1)
                    @Max(100)
                    int limit)
            throws ServletRequestBindingException {
        // Spring reads "limit=" as the default; the schema says a number, and so does the answer.
        for (String name : List.of("after", "limit")) {
            String[] values = request.getParameterValues(name);
            if (values != null && Arrays.stream(values).anyMatch(String::isBlank)) {
                throw new ServletRequestBindingException(
                        "Query parameter '" + name + "' is empty: give a number, or leave it out.");
            }
        }
        List<ProblemRepository.Listed> page = problems.owned(caller, after, limit);
        return new ProblemList(
                page.stream()
                        .map(problem -> new ProblemList.Entry(
                                problem.id(), problem.title(), problem.version(), problem.status()))
                        .toList(),
                page.size() < limit
                        ? null
                        : "/api/problems?after=" + page.getLast().id() + "&limit=" + limit);
    }

    @GetMapping(ID)
    @Operation(
            operationId = "getProblem",
            summary = "Read a problem's current version with its test cases (up to 8 MiB of them)",
            description = "Its owner and the admin see everything; a caller who may only submit to it, its statement "
                    + "without test cases")
    @ApiResponse(responseCode = "200", description = "The problem")
    @ApiResponse(responseCode = "400", description = "The id is not a number, or include is not `sources`")
    @ApiResponse(responseCode = "403", description = "`include=sources` by a caller who does not manage the problem")
    @ApiResponse(responseCode = "404", description = "No problem with this id that the caller may see")
    @ApiResponse(responseCode = "503", description = "The database cannot be reached")
    ProblemView get(
            Caller caller,
            @PathVariable long id,
            @RequestParam(required = false)
                    @Parameter(
                            description = "`sources`: with the checker's and interactor's code and files",
                            schema = @Schema(type = "string", allowableValues = SOURCES))
                    String include) {
        // A String, not an enum: Spring would take an empty value for none, where the document allows only "sources".
        if (include != null && !include.equals(SOURCES)) {
            throw new ErrorResponseException(
                    HttpStatus.BAD_REQUEST,
                    ProblemDetail.forStatusAndDetail(
                            HttpStatus.BAD_REQUEST, "include may only be \"" + SOURCES + "\"."),
                    null);
        }
        ProblemOwner owner = access.requireOpen(caller, id);
        boolean manages = owner.isManagedBy(caller);
        if (SOURCES.equals(include) && !manages) {
            throw UnauthorizedException.notTheOwner("problem");
        }
        return current(id, owner, manages, SOURCES.equals(include));
    }

    private ProblemView current(long id, ProblemOwner owner, boolean manages, boolean withSources) {
        return problems.findCurrent(id, manages ? testData.shownTestsLimit().toBytes() : 0)
                .map(problem -> manages
                        ? ProblemView.forManager(problem, owner, withSources)
                        : ProblemView.statement(problem, owner))
                .orElseThrow(() -> new NotFoundException("problem", id));
    }

    private static final String SOURCES = "sources";

    /** A problem's id: any segment but one starting "import", so that other methods on POST /api/problems/import are 405. */
    private static final String ID = "/{id:(?!import).+}";
}
