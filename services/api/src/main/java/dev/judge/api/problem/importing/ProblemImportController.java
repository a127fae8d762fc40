package dev.judge.api.problem.importing;

import static dev.judge.api.system.MediaTypes.ZIP;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;

import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.util.unit.DataSize;
import org.springframework.web.ErrorResponseException;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.util.UriComponentsBuilder;

import dev.judge.api.access.Caller;
import dev.judge.api.access.Scope;
import dev.judge.api.access.UnauthorizedException;
import dev.judge.api.problem.ProblemOwner;
import dev.judge.api.problem.ProblemRepository;
import dev.judge.api.problem.ProblemView;
import dev.judge.api.problem.TestDataProperties;
import dev.judge.api.problem.importing.archive.InvalidPackageException;
import dev.judge.api.problem.transfers.SpooledBody;
import dev.judge.api.problem.transfers.TestTransfers;

/**
 * {@code POST /api/problems/import}: a problem package, an ICPC/Kattis one ({@code kattis/}) or a
 * Polygon one ({@code polygon/}), made into a new problem in one call. The body is spooled to a temporary file within its limit and read from
 * there (a zip's directory is at its end); its tests are stored one at a time as they are read, so
 * an import holds one test in memory, within the limits of a test upload ({@code judge.test-data.*}).
 * It takes one of this replica's transfer slots, one per key at a time ({@link TestTransfers}); nothing
 * is stored unless all of it is taken.
 */
@RestController
@Tag(name = "problems")
class ProblemImportController implements ProblemImportApi {

    private static final String PATH = "/api/problems/import";

    /** @param maxPackageSize the largest package, as sent (what it unpacks to is bounded as an upload is) */
    @ConfigurationProperties("judge.problems.import")
    record Properties(@DefaultValue("1GB") DataSize maxPackageSize) {}

    private final PackageImport packages;
    private final ProblemRepository problems;
    private final Properties properties;
    private final TestDataProperties testData;
    private final TestTransfers transfers;

    ProblemImportController(
            PackageImport packages,
            ProblemRepository problems,
            Properties properties,
            TestDataProperties testData,
            TestTransfers transfers) {
        this.packages = packages;
        this.problems = problems;
        this.properties = properties;
        this.testData = testData;
        this.transfers = transfers;
    }

    @Override
    @PostMapping(
            path = PATH,
            consumes = {ZIP, MediaType.APPLICATION_OCTET_STREAM_VALUE},
            produces = MediaType.APPLICATION_JSON_VALUE)
    public ResponseEntity<ProblemView> importPackage(
            Caller caller,
            InputStream body,
            @RequestParam(defaultValue = "false")
                    @Parameter(
                            description =
                                    "Judge the package's tagged solutions when the new "
                                            + "problem is prepared: `preparation.solutions` then gives each one's verdict and whether its tag allows it")
                    boolean verify,
            @RequestParam(required = false) Integer timeLimitMs,
            UriComponentsBuilder uri)
            throws IOException {
        if (!caller.has(Scope.PROBLEMS)) {
            throw UnauthorizedException.outOfScope(Scope.PROBLEMS);
        }
        // The body is spooled under the key's own share only: a slow upload (renewed before Jetty's idle
        // timeout) once held one of the replica's slots for as long as it lasted.
        try (TestTransfers.Transfer admitted = transfers.admit(caller);
                SpooledBody spooled =
                        SpooledBody.of(body, properties.maxPackageSize().toBytes())) {
            if (spooled.overLimit()) {
                throw refusal(
                        HttpStatus.CONTENT_TOO_LARGE,
                        null,
                        "The package is over " + properties.maxPackageSize()
                                + " (judge.problems.import.max-package-size). Nothing was stored.");
            }
            try (TestTransfers.Transfer slot = transfers.take()) {
                return importSpooled(caller, spooled.file(), verify, timeLimitMs, uri);
            }
        }
    }

    private ResponseEntity<ProblemView> importSpooled(
            Caller caller, Path spooled, boolean verify, Integer timeLimitMs, UriComponentsBuilder uri)
            throws IOException {
        ProblemOwner owner = ProblemOwner.of(caller, null);
        long id;
        try {
            id = packages.store(spooled, owner, verify, timeLimitMs);
        } catch (InvalidPackageException e) {
            throw refusal(
                    e.tooLarge() ? HttpStatus.CONTENT_TOO_LARGE : HttpStatus.BAD_REQUEST,
                    e.file(),
                    e.file() + ": " + e.getMessage() + ". Nothing was stored.");
        }
        ProblemView view = problems.findCurrent(id, testData.shownTestsLimit().toBytes())
                .map(stored -> ProblemView.forManager(stored, owner, false))
                .orElseThrow();
        return ResponseEntity.created(uri.path("/api/problems/{id}").build(id)).body(view);
    }

    private static ErrorResponseException refusal(HttpStatus status, String file, String detail) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(status, detail);
        problem.setTitle(status == HttpStatus.CONTENT_TOO_LARGE ? "Package too large" : "Invalid package");
        if (file != null) {
            problem.setProperty("file", file);
        }
        return new ErrorResponseException(status, problem, null);
    }
}
