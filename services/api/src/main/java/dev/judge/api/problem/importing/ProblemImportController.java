package dev.judge.api.problem.importing;

import static dev.judge.api.system.MediaTypes.ZIP;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.Optional;

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
import dev.judge.api.problem.PreparationTooLargeException;
import dev.judge.api.problem.ProblemOwner;
import dev.judge.api.problem.ProblemRepository;
import dev.judge.api.problem.ProblemRequest;
import dev.judge.api.problem.ProblemService;
import dev.judge.api.problem.ProblemVersion;
import dev.judge.api.problem.ProblemView;
import dev.judge.api.problem.TestDataProperties;
import dev.judge.api.problem.importing.archive.InvalidPackageException;
import dev.judge.api.problem.importing.archive.PackageArchive;
import dev.judge.api.problem.importing.kattis.KattisPackage;
import dev.judge.api.problem.importing.polygon.PolygonPackage;
import dev.judge.api.problem.testdata.SpooledBody;
import dev.judge.api.problem.testdata.TestTransfers;
import dev.judge.contracts.language.LanguageCatalog;

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
class ProblemImportController {

    private static final String PATH = "/api/problems/import";

    /** @param maxPackageSize the largest package, as sent (what it unpacks to is bounded as an upload is) */
    @ConfigurationProperties("judge.problems.import")
    record Properties(@DefaultValue("1GB") DataSize maxPackageSize) {}

    private final ProblemService service;
    private final ProblemRepository problems;
    private final Properties properties;
    private final TestDataProperties testData;
    private final TestTransfers transfers;
    private final LanguageCatalog languages;

    ProblemImportController(
            ProblemService service,
            ProblemRepository problems,
            Properties properties,
            TestDataProperties testData,
            TestTransfers transfers,
            LanguageCatalog languages) {
        this.service = service;
        this.problems = problems;
        this.properties = properties;
        this.testData = testData;
        this.transfers = transfers;
        this.languages = languages;
    }

    @PostMapping(
            path = PATH,
            consumes = {ZIP, MediaType.APPLICATION_OCTET_STREAM_VALUE},
            produces = MediaType.APPLICATION_JSON_VALUE)
    @Operation(
            operationId = "importProblem",
            summary = "Make a problem from a Polygon or ICPC/Kattis package",
            description =
                    "An ICPC/Kattis package (problem.yaml at its root or in its single top folder, data/sample and "
                            + "data/secret, the default output validator with its flags or its own output validator, an input "
                            + "validator, submissions/ by verdict folder) or, otherwise, a Polygon package as Polygon exports "
                            + "it (problem.xml, tests/, files/, solutions/): the testset "
                            + "\"tests\" with its time and memory limits, groups, points and dependencies, the checker (std:: ones by the "
                            + "source the package carries), interactor and first validator. Generated tests the package does not carry "
                            + "are generated by its generators, and missing answers made by its main solution, when the new problem is "
                            + "prepared like any other: its programs built and its tests validated.",
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
            responseCode = "201",
            description = "Created, PREPARING (or READY without setter programs)",
            headers =
                    @Header(
                            name = HttpHeaders.LOCATION,
                            description = "The problem",
                            schema = @Schema(type = "string")))
    @ApiResponse(
            responseCode = "400",
            description = "Not a package this judge takes: `file` names the file at "
                    + "fault and `detail` why; nothing stored")
    @ApiResponse(responseCode = "403", description = "A key without the scope PROBLEMS")
    @ApiResponse(
            responseCode = "413",
            description = "The package, a file in it or all it unpacks to over a limit; nothing stored")
    @ApiResponse(responseCode = "415", description = "The body is neither application/zip nor application/octet-stream")
    @ApiResponse(
            responseCode = "429",
            description = "Another upload, download or import of this caller's is under way on this replica; "
                    + "nothing stored")
    @ApiResponse(
            responseCode = "503",
            description = "As many uploads, downloads and imports as this replica takes at once are under way, "
                    + "or the database cannot be reached; nothing stored")
    ResponseEntity<ProblemView> importPackage(
            Caller caller,
            InputStream body,
            @RequestParam(defaultValue = "false")
                    @Parameter(
                            description =
                                    "Judge the package's tagged solutions when the new "
                                            + "problem is prepared: `preparation.solutions` then gives each one's verdict and whether its tag allows it")
                    boolean verify,
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
                return importSpooled(caller, spooled.file(), verify, uri);
            }
        }
    }

    private ResponseEntity<ProblemView> importSpooled(
            Caller caller, Path spooled, boolean verify, UriComponentsBuilder uri) throws IOException {
        ProblemOwner owner = ProblemOwner.of(caller, null);
        long id;
        try {
            id = importPackage(PackageArchive.open(spooled, limits()), owner, verify);
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

    /**
     * Stores the problem of a package of either format: an ICPC/Kattis one by its problem.yaml (at its
     * root or in its single top folder), else a Polygon one by its problem.xml. Closes the archive.
     */
    private long importPackage(PackageArchive archive, ProblemOwner owner, boolean verify) throws IOException {
        Optional<String> kattisRoot = KattisPackage.rootOf(archive);
        if (kattisRoot.isPresent()) {
            try (KattisPackage read = KattisPackage.open(archive, kattisRoot.get(), languages, verify)) {
                return store(
                        KattisImport.toVersion(read.problem(), verify, languages),
                        owner,
                        KattisImport.tests(read.problem(), read::testFile),
                        KattisPackage.PROBLEM_YAML);
            }
        }
        try (PolygonPackage read = PolygonPackage.open(archive, languages, verify)) {
            return store(
                    PolygonImport.toVersion(read.problem(), verify),
                    owner,
                    PolygonImport.tests(read.problem(), read::testFile),
                    PolygonPackage.PROBLEM_XML);
        }
    }

    /** Stores a package's problem; one too large to prepare is its metadata file's fault (413). */
    private long store(
            ProblemVersion version, ProblemOwner owner, ProblemRepository.UploadedTests tests, String metadata) {
        try {
            return service.createFrom(version, owner, tests);
        } catch (PreparationTooLargeException e) {
            throw new InvalidPackageException(metadata, e.reason(), true);
        }
    }

    /** A package's limits: those of a test upload, and the JSON API's for its programs and solutions. */
    private PackageArchive.Limits limits() {
        return new PackageArchive.Limits(
                testData.maxTestSize().toBytes(),
                ProblemRequest.MAX_PROGRAM_LENGTH,
                testData.maxUploadSize().toBytes(),
                testData.maxUploadedTests(),
                PolygonImport.MAX_SOLUTIONS);
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
