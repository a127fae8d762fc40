package dev.judge.api.problem.importing;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;

import org.springframework.stereotype.Component;

import dev.judge.api.problem.PreparationTooLargeException;
import dev.judge.api.problem.ProblemOwner;
import dev.judge.api.problem.ProblemRepository;
import dev.judge.api.problem.ProblemRequest;
import dev.judge.api.problem.ProblemService;
import dev.judge.api.problem.ProblemVersion;
import dev.judge.api.problem.TestDataProperties;
import dev.judge.api.problem.importing.archive.InvalidPackageException;
import dev.judge.api.problem.importing.archive.OpenedPackage;
import dev.judge.api.problem.importing.archive.PackageArchive;
import dev.judge.api.problem.importing.kattis.KattisPackage;
import dev.judge.api.problem.importing.polygon.PolygonPackage;
import dev.judge.contracts.language.LanguageCatalog;

/**
 * A spooled package made into a new problem: read as the format it is (ICPC/Kattis by its
 * problem.yaml, else Polygon by its problem.xml), within a test upload's limits, and stored with its
 * tests read one at a time.
 */
@Component
class PackageImport {

    private final ProblemService service;
    private final TestDataProperties testData;
    private final LanguageCatalog languages;

    PackageImport(ProblemService service, TestDataProperties testData, LanguageCatalog languages) {
        this.service = service;
        this.testData = testData;
        this.languages = languages;
    }

    /**
     * Stores the problem of the package in {@code spooled}; its id.
     *
     * @param timeLimitMs the import's time limit, for a package that gives none; null for none
     * @throws InvalidPackageException naming the file at fault; nothing is stored then
     */
    long store(Path spooled, ProblemOwner owner, boolean verify, Integer timeLimitMs) throws IOException {
        return store(PackageArchive.open(spooled, limits()), owner, verify, timeLimitMs);
    }

    /**
     * Stores the problem of a package of either format: an ICPC/Kattis one by its problem.yaml (at its
     * root or in its single top folder), else a Polygon one by its problem.xml. Closes the archive.
     */
    private long store(PackageArchive archive, ProblemOwner owner, boolean verify, Integer timeLimitMs)
            throws IOException {
        Optional<String> kattisRoot = KattisPackage.rootOf(archive);
        if (kattisRoot.isPresent()) {
            try (KattisPackage read = KattisPackage.open(archive, kattisRoot.get(), languages, verify, timeLimitMs)) {
                return store(
                        KattisImport.toVersion(read.problem(), verify, languages),
                        owner,
                        KattisImport.tests(read.problem(), read::testFile),
                        KattisPackage.PROBLEM_YAML);
            }
        }
        try (PolygonPackage read = PolygonPackage.open(archive, languages, verify)) {
            // problem.xml always gives its testset's limit; an import's that differs is refused.
            OpenedPackage.timeLimitMs(read.problem().timeLimitMs(), timeLimitMs, PolygonPackage.PROBLEM_XML);
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
}
