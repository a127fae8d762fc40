package dev.judge.api.problem.preparation;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;

import io.swagger.v3.oas.annotations.Hidden;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.ErrorResponseException;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.mvc.method.annotation.StreamingResponseBody;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.MappingIterator;
import tools.jackson.databind.json.JsonMapper;

import dev.judge.api.problem.ProblemRepository;
import dev.judge.api.problem.TestDataProperties;
import dev.judge.api.problem.transfers.TestLines;
import dev.judge.api.problem.transfers.TestTransfers;
import dev.judge.api.problem.transfers.TestUpload;
import dev.judge.api.system.NotFoundException;
import dev.judge.contracts.TestData;
import dev.judge.contracts.TestGeneration;

/**
 * The workers' endpoints, under {@code /internal} on the management port only (never the public one),
 * each taking the workers' token ({@code judge.test-data.worker-token}): a version's tests by
 * {@link TestData} reference, the tests a preparation generated, and whether a version is still to be
 * prepared. Not in the OpenAPI document: no client of the API calls them.
 */
@RestController
@Hidden
class WorkerEndpoints {

    private final ProblemRepository problems;
    private final TestDataProperties properties;
    private final TestLines testLines;
    private final JsonMapper uploads;
    private final TestTransfers transfers;
    private final ProblemPreparations.Properties preparationProperties;

    WorkerEndpoints(
            ProblemRepository problems,
            TestDataProperties properties,
            TestLines testLines,
            TestTransfers transfers,
            ProblemPreparations.Properties preparationProperties) {
        this.problems = problems;
        this.properties = properties;
        this.testLines = testLines;
        this.uploads = TestUpload.reader(properties);
        this.transfers = transfers;
        this.preparationProperties = preparationProperties;
    }

    @GetMapping(path = "/internal/problems/{id}/versions/{version}/tests", produces = TestData.MEDIA_TYPE)
    ResponseEntity<StreamingResponseBody> forWorkers(
            @PathVariable long id,
            @PathVariable int version,
            @RequestHeader(name = TestData.TOKEN_HEADER, required = false) String token) {
        authorize(token);
        if (!problems.hasVersion(id, version)) {
            throw new NotFoundException("problem version", id + "/" + version);
        }
        return testLines.stream(id, version);
    }

    /**
     * Where a worker stores the tests it generated for a version being prepared (one
     * {@link TestGeneration.GeneratedTest} per line): only the parts the version's generation says are
     * to be made, all of them, once. A second worker's (a preparation sent again) gets the first's.
     */
    @PutMapping(
            path = "/internal/problems/{id}/versions/{version}/generated-tests",
            consumes = TestData.MEDIA_TYPE,
            produces = MediaType.APPLICATION_JSON_VALUE)
    TestData generated(
            @PathVariable long id,
            @PathVariable int version,
            @RequestHeader(name = TestData.TOKEN_HEADER, required = false) String token,
            InputStream body) {
        authorize(token);
        try (TestTransfers.Transfer slot = transfers.takeForWorker()) {
            MappingIterator<TestGeneration.GeneratedTest> made =
                    uploads.readerFor(TestGeneration.GeneratedTest.class).readValues(body);
            TestData stored = problems.storeGeneratedTests(id, version, made)
                    .orElseThrow(
                            () -> new NotFoundException("problem version with tests to generate", id + "/" + version));
            return stored;
        } catch (IllegalArgumentException | JacksonException e) {
            throw refusal(HttpStatus.BAD_REQUEST, "Not the tests this version generates: " + e.getMessage());
        }
    }

    /**
     * Whether a version is still to be prepared, for a worker about to prepare it: its status, and whether
     * another worker is preparing it (said how far it got lately).
     */
    @GetMapping(
            path = "/internal/problems/{id}/versions/{version}/preparation",
            produces = MediaType.APPLICATION_JSON_VALUE)
    ProblemRepository.PreparationState preparation(
            @PathVariable long id,
            @PathVariable int version,
            @RequestHeader(name = TestData.TOKEN_HEADER, required = false) String token) {
        authorize(token);
        return problems.preparationState(id, version, preparationProperties.resendAfter())
                .orElseThrow(() -> new NotFoundException("problem version", id + "/" + version));
    }

    private void authorize(String token) {
        if (properties.workerToken().isEmpty()) {
            throw refusal(HttpStatus.FORBIDDEN, "Workers cannot fetch tests: judge.test-data.worker-token is not set.");
        }
        if (token == null
                || !MessageDigest.isEqual(
                        token.getBytes(StandardCharsets.UTF_8),
                        properties.workerToken().getBytes(StandardCharsets.UTF_8))) {
            throw refusal(
                    HttpStatus.UNAUTHORIZED,
                    "Only workers may fetch or store tests: send their token in " + TestData.TOKEN_HEADER + ".");
        }
    }

    private static ErrorResponseException refusal(HttpStatus status, String detail) {
        return new ErrorResponseException(status, ProblemDetail.forStatusAndDetail(status, detail), null);
    }
}
