package dev.judge.api.problem.transfers;

import java.io.IOException;
import java.io.InputStream;

import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.ErrorResponseException;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.mvc.method.annotation.StreamingResponseBody;
import tools.jackson.databind.json.JsonMapper;

import dev.judge.api.access.Caller;
import dev.judge.api.problem.PreparationQueue;
import dev.judge.api.problem.ProblemAccess;
import dev.judge.api.problem.ProblemOwner;
import dev.judge.api.problem.ProblemRepository;
import dev.judge.api.problem.ProblemVersion;
import dev.judge.api.problem.ProblemView;
import dev.judge.api.problem.TestDataProperties;
import dev.judge.api.system.NotFoundException;
import dev.judge.contracts.TestData;

/**
 * A problem's tests as a stream of one JSON test case per line, in and out, for problems too large
 * for one JSON document: uploaded and downloaded by setters (workers fetch them from
 * {@link WorkerEndpoints}). Neither way holds more than one test in memory.
 */
@RestController
@Tag(name = "problems")
class ProblemTestsController implements ProblemTestsApi {

    private final ProblemRepository problems;
    private final ProblemAccess access;
    private final TestDataProperties properties;
    private final TestLines testLines;
    private final JsonMapper uploads;
    private final TestTransfers transfers;
    private final PreparationQueue preparations;

    ProblemTestsController(
            ProblemRepository problems,
            ProblemAccess access,
            TestDataProperties properties,
            TestLines testLines,
            PreparationQueue preparations,
            TestTransfers transfers) {
        this.problems = problems;
        this.preparations = preparations;
        this.access = access;
        this.properties = properties;
        this.testLines = testLines;
        this.uploads = TestUpload.reader(properties);
        this.transfers = transfers;
    }

    @Override
    @PutMapping(
            path = "/api/problems/{id}/tests",
            consumes = TestData.MEDIA_TYPE,
            produces = MediaType.APPLICATION_JSON_VALUE)
    public ProblemView upload(Caller caller, @PathVariable long id, InputStream request) throws IOException {
        ProblemOwner owner = access.requireManaged(caller, id);
        ProblemVersion current = problems.findCurrent(id, 0).orElseThrow(() -> new NotFoundException("problem", id));
        int version;
        // The body comes at the client's pace under the key's own share (two keys' slow uploads had held
        // both of the replica's slots); then read and checked in full under a slot, so that the
        // transaction below never waits for the client.
        try (TestTransfers.Transfer admitted = transfers.admit(caller);
                SpooledBody body =
                        SpooledBody.of(request, properties.maxUploadSize().toBytes());
                TestTransfers.Transfer slot = transfers.take();
                InputStream spooled = body.open();
                SpooledTests tests =
                        SpooledTests.of(new TestUpload(spooled, properties, uploads).against(current.groups()))) {
            version = problems.addVersionWithTests(id, base -> {
                        // The tests were checked against the groups of the version current when they came.
                        if (!base.groups().equals(current.groups())) {
                            throw new ErrorResponseException(
                                    HttpStatus.CONFLICT,
                                    ProblemDetail.forStatusAndDetail(
                                            HttpStatus.CONFLICT,
                                            "The problem's groups changed while its tests were uploaded: upload them again."),
                                    null);
                        }
                        return tests.read();
                    })
                    .orElseThrow(() -> new NotFoundException("problem", id));
        }
        preparations.sendDue();
        return problems.find(id, version, properties.shownTestsLimit().toBytes())
                .map(problem -> ProblemView.forManager(problem, owner, false))
                .orElseThrow(() -> new NotFoundException("problem", id));
    }

    @Override
    @GetMapping(path = "/api/problems/{id}/tests", produces = TestData.MEDIA_TYPE)
    public ResponseEntity<StreamingResponseBody> download(Caller caller, @PathVariable long id) {
        access.requireManaged(caller, id);
        ProblemVersion current = problems.findCurrent(id, 0).orElseThrow(() -> new NotFoundException("problem", id));
        // A download holds a database connection while the client reads: a slot too, given back when it ends.
        TestTransfers.Transfer slot = transfers.takeFor(caller);
        ResponseEntity<StreamingResponseBody> stream = testLines.stream(id, current.version());
        StreamingResponseBody body = stream.getBody();
        return ResponseEntity.ok().headers(stream.getHeaders()).body(out -> {
            try (slot) {
                body.writeTo(out);
            }
        });
    }
}
