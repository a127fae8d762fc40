package dev.judge.worker.sandbox;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;
import org.springframework.boot.convert.ApplicationConversionService;
import tools.jackson.databind.json.JsonMapper;

import dev.judge.contracts.language.Language;
import dev.judge.contracts.language.LanguageCatalog;
import dev.judge.worker.judging.WorkerProperties;
import dev.judge.worker.preparation.PreparationProperties;
import dev.judge.worker.problemtests.InternalApi;
import dev.judge.worker.problemtests.InternalApiProperties;
import dev.judge.worker.problemtests.TestCacheProperties;
import dev.judge.worker.problemtests.TestDataStore;

/** A real sandbox pool for tests, configured with the shipped defaults plus the given overrides. */
public final class TestSandboxes {

    /** Under target/, not the JDK's temporary folders, which other uids (the sandboxes') cannot enter. */
    public static final Path WORK_DIR = Path.of("target", "sandbox-tests").toAbsolutePath();

    /** A language to open sandboxes for where the language does not matter: C, on the host's paths. */
    public static final Language C = LanguageCatalog.shipped().find("c").orElseThrow();

    private TestSandboxes() {}

    public static WorkerProperties workerProperties(Map<String, String> overrides) {
        return bind("judge.worker", WorkerProperties.class, overrides, Map.of());
    }

    public static PreparationProperties preparationProperties(Map<String, String> overrides) {
        return bind("judge.worker.preparation", PreparationProperties.class, overrides, Map.of());
    }

    public static SandboxProperties sandboxProperties(Map<String, String> overrides) {
        return bind(
                "judge.sandbox",
                SandboxProperties.class,
                overrides,
                Map.of("judge.sandbox.pool-size", "2", "judge.sandbox.work-dir", WORK_DIR.toString()));
    }

    /** A worker's store of fetched tests, in the tests' work folder. */
    public static TestDataStore testDataStore(Map<String, String> overrides) {
        try {
            return new TestDataStore(
                    new InternalApi(
                            bind("judge.worker.internal-api", InternalApiProperties.class, overrides, Map.of())),
                    bind("judge.worker.test-cache", TestCacheProperties.class, overrides, Map.of()),
                    sandboxProperties(Map.of()),
                    JsonMapper.builder().build());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Started; stop it with {@link #stop(Sandboxes)}. */
    public static Sandboxes startPool(SandboxProperties sandbox) {
        return startPool(sandbox, LanguageCatalog.shipped());
    }

    /** Started for these languages (their images, where {@code judge.sandbox.language-images} is set). */
    public static Sandboxes startPool(SandboxProperties sandbox, LanguageCatalog languages) {
        try {
            Files.createDirectories(sandbox.workDir());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        SandboxPool pool = new SandboxPool(sandbox, languages);
        pool.start();
        return pool;
    }

    /**
     * A pool that gives up on a starved run soon (the real clock at 1.5 × a run's wall limit, two
     * attempts), in a work folder of its own, so that it can run beside a test class's own pool.
     */
    public static Sandboxes startQuicklyStarvedPool() {
        return startPool(sandboxProperties(Map.of(
                "judge.sandbox.max-wall-stretch", "1.5",
                "judge.sandbox.starved-attempts", "2",
                "judge.sandbox.starved-pause", "2s",
                "judge.sandbox.work-dir",
                        WORK_DIR.resolveSibling("sandbox-tests-starved").toString())));
    }

    public static void stop(Sandboxes sandbox) {
        ((SandboxPool) sandbox).stop();
    }

    public static String describeIsolation(Sandboxes sandbox) {
        return ((SandboxPool) sandbox).isolation().describe();
    }

    public static boolean hasCgroups(Sandboxes sandbox) {
        return ((SandboxPool) sandbox).isolation().cgroups().isPresent();
    }

    /** The names of the sandboxes' cgroups that exist now; none without cgroups. */
    public static Set<String> sandboxCgroups(Sandboxes sandbox) throws IOException {
        Optional<CgroupDriver> cgroups = ((SandboxPool) sandbox).isolation().cgroups();
        if (cgroups.isEmpty()) {
            return Set.of();
        }
        return cgroups.get().sandboxCgroups().stream()
                .map(path -> path.getFileName().toString())
                .collect(Collectors.toSet());
    }

    private static <T> T bind(
            String prefix, Class<T> type, Map<String, String> overrides, Map<String, String> defaults) {
        Map<String, String> values = new HashMap<>(defaults);
        values.putAll(overrides);
        // With Boot's conversions (durations, data sizes, paths), as in the application.
        return new Binder(
                        List.of(new MapConfigurationPropertySource(values)),
                        null,
                        ApplicationConversionService.getSharedInstance())
                .bindOrCreate(prefix, type);
    }
}
