package dev.judge.api.problem;

import jakarta.validation.Valid;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.headers.Header;
import io.swagger.v3.oas.annotations.links.Link;
import io.swagger.v3.oas.annotations.links.LinkParameter;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.util.UriComponentsBuilder;

import dev.judge.api.system.NotFoundException;

@RestController
@RequestMapping(path = "/api/problems", produces = MediaType.APPLICATION_JSON_VALUE)
@Tag(name = "problems")
class ProblemController {

    private final ProblemRepository problems;

    ProblemController(ProblemRepository problems) {
        this.problems = problems;
    }

    @PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
    @Operation(operationId = "createProblem", summary = "Create a problem with its test cases")
    @ApiResponse(responseCode = "201", description = "Created",
            headers = @Header(name = HttpHeaders.LOCATION, description = "The problem", schema = @Schema(type = "string")),
            links = @Link(name = "getProblem", operationId = "getProblem",
                    parameters = @LinkParameter(name = "id", expression = "$response.body#/id")))
    @ApiResponse(responseCode = "400", description = "Malformed JSON, wrong types, missing or invalid fields, "
            + "limits out of range; `errors` lists the fields")
    @ApiResponse(responseCode = "413", description = "The body over 8 MiB")
    @ApiResponse(responseCode = "415", description = "The body is not application/json")
    @ApiResponse(responseCode = "503", description = "The database cannot be reached; nothing was stored",
            headers = @Header(name = HttpHeaders.RETRY_AFTER, schema = @Schema(type = "integer")))
    ResponseEntity<ProblemView> create(@Valid @RequestBody ProblemRequest request, UriComponentsBuilder uri) {
        long id = problems.insert(request);
        ProblemView created = get(id);
        return ResponseEntity.created(uri.path("/api/problems/{id}").build(id)).body(created);
    }

    @GetMapping("/{id}")
    @Operation(operationId = "getProblem", summary = "Read a problem with its test cases")
    @ApiResponse(responseCode = "200", description = "The problem")
    @ApiResponse(responseCode = "400", description = "The id is not a number")
    @ApiResponse(responseCode = "404", description = "No problem with this id")
    @ApiResponse(responseCode = "503", description = "The database cannot be reached",
            headers = @Header(name = HttpHeaders.RETRY_AFTER, schema = @Schema(type = "integer")))
    ProblemView get(@PathVariable long id) {
        return problems.find(id).orElseThrow(() -> new NotFoundException("problem", id));
    }
}
