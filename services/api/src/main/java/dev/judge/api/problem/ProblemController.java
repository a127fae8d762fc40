package dev.judge.api.problem;

import java.util.Arrays;
import java.util.List;

import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletRequest;
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
class ProblemController implements ProblemApi {

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

    @Override
    @PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
    public ResponseEntity<ProblemView> create(
            Caller caller, @RequestBody ProblemRequest request, UriComponentsBuilder uri) {
        if (!caller.has(Scope.PROBLEMS)) {
            throw UnauthorizedException.outOfScope(Scope.PROBLEMS);
        }
        ProblemOwner owner = ProblemOwner.of(caller, request.submitters());
        long id = service.create(request, owner);
        return ResponseEntity.created(uri.path("/api/problems/{id}").build(id)).body(current(id, owner, true, false));
    }

    @Override
    @PutMapping(path = ID, consumes = MediaType.APPLICATION_JSON_VALUE)
    public ProblemView edit(Caller caller, @PathVariable long id, @RequestBody ProblemRequest request) {
        ProblemOwner owner = access.requireManaged(caller, id);
        service.edit(id, request);
        access.forget(id);
        return current(id, owner.withSubmitters(request.submitters()), true, false);
    }

    @Override
    @GetMapping
    public ProblemList list(
            Caller caller,
            HttpServletRequest request,
            @RequestParam(defaultValue = "0")
                    @Parameter(
                            description = "Only problems with a larger id",
                            schema = @Schema(type = "integer", format = "int64", minimum = "0", defaultValue = "0"))
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

    @Override
    @GetMapping(ID)
    public ProblemView get(
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
