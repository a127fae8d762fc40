package dev.judge.api.problem;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.headers.Header;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.http.HttpHeaders;
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
import dev.judge.api.problem.polygon.PolygonPackage;

/**
 * {@code POST /api/problems/import}: a Polygon package, the zip as Polygon exports it, made into a
 * new problem in one call. The body is spooled to a temporary file within its limit and read from
 * there (a zip's directory is at its end); nothing is stored unless all of it is taken.
 */
@RestController
@Tag(name = "problems")
class ProblemImportController {

    static final String ZIP = "application/zip";
    private static final String PATH = "/api/problems/import";

    /**
     * @param maxPackageSize the largest package, as sent
     * @param maxUnpackedSize all the files it is read for (problem.xml, tests, programs), unpacked
     * @param maxFileSize any one of them, unpacked
     * @param maxTests the most tests in its testset
     */
    @ConfigurationProperties("judge.problems.import")
    record Properties(@DefaultValue("64MB") DataSize maxPackageSize, @DefaultValue("256MB") DataSize maxUnpackedSize,
            @DefaultValue("32MB") DataSize maxFileSize, @DefaultValue("500") int maxTests) {
    }

    private final ProblemService service;
    private final ProblemRepository problems;
    private final Properties properties;
    private final TestDataProperties testData;

    ProblemImportController(ProblemService service, ProblemRepository problems, Properties properties, TestDataProperties testData) {
        this.service = service;
        this.problems = problems;
        this.properties = properties;
        this.testData = testData;
    }

    @PostMapping(path = PATH, consumes = {ZIP, MediaType.APPLICATION_OCTET_STREAM_VALUE}, produces = MediaType.APPLICATION_JSON_VALUE)
    @Operation(operationId = "importProblem", summary = "Make a problem from a Polygon package",
            description = "The package as Polygon exports it (problem.xml, tests/, files/, solutions/), with its tests and "
                    + "answers (the standard package): the testset \"tests\" with its time and memory limits, groups, points and "
                    + "dependencies, the checker (std:: ones by the source the package carries), interactor and first validator. "
                    + "The new problem is prepared like any other: its programs built and its tests validated.",
            requestBody = @io.swagger.v3.oas.annotations.parameters.RequestBody(required = true,
                    content = {@Content(mediaType = ZIP, schema = @Schema(type = "string", format = "binary")),
                               @Content(mediaType = MediaType.APPLICATION_OCTET_STREAM_VALUE,
                                       schema = @Schema(type = "string", format = "binary"))}))
    @ApiResponse(responseCode = "201", description = "Created, PREPARING (or READY without setter programs)",
            headers = @Header(name = HttpHeaders.LOCATION, description = "The problem", schema = @Schema(type = "string")))
    @ApiResponse(responseCode = "400", description = "Not a Polygon package this judge takes: `file` names the file at "
            + "fault and `detail` why; nothing stored")
    @ApiResponse(responseCode = "403", description = "A key without the scope PROBLEMS")
    @ApiResponse(responseCode = "413", description = "The package, a file in it or all it unpacks to over a limit; nothing stored")
    @ApiResponse(responseCode = "415", description = "The body is neither application/zip nor application/octet-stream")
    ResponseEntity<ProblemView> importPackage(Caller caller, InputStream body,
            @RequestParam(defaultValue = "false") @Parameter(description = "Judge the package's tagged solutions when the new "
                    + "problem is prepared: `preparation.solutions` then gives each one's verdict and whether its tag allows it")
            boolean verify, UriComponentsBuilder uri) throws IOException {
        if (!caller.has(Scope.PROBLEMS)) {
            throw UnauthorizedException.outOfScope(Scope.PROBLEMS);
        }
        Path spooled = Files.createTempFile("polygon-package", ".zip");
        try {
            spool(body, spooled);
            PolygonPackage.Problem problem;
            try {
                problem = PolygonPackage.read(spooled, new PolygonPackage.Limits(properties.maxFileSize().toBytes(),
                        properties.maxUnpackedSize().toBytes(), properties.maxTests()));
            } catch (PolygonPackage.InvalidPackageException e) {
                throw refusal(e.tooLarge() ? HttpStatus.CONTENT_TOO_LARGE : HttpStatus.BAD_REQUEST, e.file(),
                        e.file() + ": " + e.getMessage() + ". Nothing was stored.");
            }
            ProblemOwner owner = ProblemOwner.of(caller, null);
            long id;
            try {
                id = service.createFrom(ProblemImport.toVersion(problem, verify), owner);
            } catch (PolygonPackage.InvalidPackageException e) {
                throw refusal(HttpStatus.BAD_REQUEST, e.file(), e.file() + ": " + e.getMessage() + ". Nothing was stored.");
            }
            ProblemView view = problems.findCurrent(id, testData.shownTestsLimit().toBytes())
                    .map(stored -> ProblemView.forManager(stored, owner, false)).orElseThrow();
            return ResponseEntity.created(uri.path("/api/problems/{id}").build(id)).body(view);
        } finally {
            Files.deleteIfExists(spooled);
        }
    }

    private void spool(InputStream body, Path file) throws IOException {
        long limit = properties.maxPackageSize().toBytes();
        long copied = 0;
        byte[] buffer = new byte[64 * 1024];
        try (OutputStream out = Files.newOutputStream(file)) {
            for (int read = body.read(buffer); read >= 0; read = body.read(buffer)) {
                copied += read;
                if (copied > limit) {
                    throw refusal(HttpStatus.CONTENT_TOO_LARGE, null, "The package is over " + properties.maxPackageSize()
                            + " (judge.problems.import.max-package-size). Nothing was stored.");
                }
                out.write(buffer, 0, read);
            }
        }
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
