package dev.judge.api.rejudge;

import static dev.judge.api.system.ResponseDescriptions.NOT_ADMIN;
import static dev.judge.api.system.ResponseDescriptions.NOT_A_NUMBER;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.security.SecurityRequirement;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

import dev.judge.api.access.Caller;
import dev.judge.api.access.Callers;
import dev.judge.api.problem.ProblemAccess;
import dev.judge.api.system.NotFoundException;

@RestController
@Tag(name = "problems")
@SecurityRequirement(name = "bearer")
class RejudgeController {

    private final Rejudges rejudges;
    private final Callers callers;
    private final ProblemAccess problems;

    RejudgeController(Rejudges rejudges, Callers callers, ProblemAccess problems) {
        this.rejudges = rejudges;
        this.callers = callers;
        this.problems = problems;
    }

    @PostMapping(path = "/api/problems/{id}/rejudge", produces = MediaType.APPLICATION_JSON_VALUE)
    @Operation(
            operationId = "rejudgeProblem",
            summary = "Judge every submission of a problem again, on the rejudge lane (admin)",
            description = "Each is judged against the problem's current version; its earlier judgements stay, at "
                    + "/api/submissions/{id}/judgements. A callback is sent again with the new verdict.")
    @ApiResponse(responseCode = "202", description = "Queued again; the count may be 0")
    @ApiResponse(responseCode = "400", description = NOT_A_NUMBER)
    @ApiResponse(responseCode = "403", description = NOT_ADMIN)
    @ApiResponse(responseCode = "404", description = "No problem with this id")
    @ApiResponse(
            responseCode = "409",
            description = "The problem's current version is still being prepared, or failed its preparation")
    ResponseEntity<RejudgeStarted> rejudge(Caller caller, @PathVariable long id) {
        callers.requireAdmin(caller);
        problems.requireReady(id);
        return rejudges.rejudge(id)
                .map(started -> ResponseEntity.accepted().body(started))
                .orElseThrow(() -> new NotFoundException("problem", id));
    }
}
