package dev.judge.worker.sandbox;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

import dev.judge.contracts.language.Language;
import dev.judge.contracts.language.LanguageCatalog;

/**
 * Keeps sandboxes started and waiting, so that a submission gets one at once and creating namespaces
 * happens while nobody waits: up to {@code judge.sandbox.pool-size} per root (the host's paths, or
 * each language's image). A sandbox serves one submission at a time; afterwards it is reset and handed
 * out again, up to {@code judge.sandbox.reuse} submissions, then destroyed and replaced.
 *
 * <p>At start-up it finds out which isolation layers this host allows, logs them, and refuses to
 * start when they are weaker than the configuration demands, or when a trial run fails.
 */
@Component
class SandboxPool implements Sandboxes, SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(SandboxPool.class);
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(30);

    /** The root of a sandbox without language images: the host's read-only paths. */
    private static final Path HOST = Path.of("/");

    private final SandboxProperties properties;
    private final LanguageCatalog languages;
    private final Path boxes;
    private final Path init;
    /** Waiting sandboxes by root. */
    private final Map<Path, BlockingQueue<BubblewrapSandbox>> ready = new ConcurrentHashMap<>();
    // bubblewrap's --die-with-parent follows the spawning *thread*: a sandbox dies when the thread
    // that started it ends. So every sandbox is started by this one thread, which never ends.
    private final ExecutorService starter = Executors.newSingleThreadExecutor(
            task -> Thread.ofPlatform().name("sandbox-starter").daemon().unstarted(task));
    private final AtomicLong started = new AtomicLong();
    private volatile Isolation isolation;
    private volatile boolean running;

    SandboxPool(SandboxProperties properties, LanguageCatalog languages) {
        this.properties = properties;
        this.languages = languages;
        this.boxes = properties.workDir().resolve("boxes");
        this.init = properties.workDir().resolve("judge-init");
    }

    @Override
    public void start() {
        try {
            installInit();
            BubblewrapSandbox.deleteRecursively(boxes); // what a killed worker left behind
            Files.createDirectories(boxes);
            isolation = detect();
            if (isolation.separateUids()) {
                checkSearchableByOthers(boxes);
            }
            log.info("Sandbox isolation: {}", isolation.describe());
            trialRun();
            checkImagesMounted();
        } catch (IOException e) {
            throw new IllegalStateException("The sandbox cannot work on this host: " + e.getMessage(), e);
        }
        running = true;
        // Filled before the listeners start, so the first submissions find sandboxes waiting: the
        // host's pool in full, or one per language image (the rest as each is used).
        try {
            if (properties.languageImages() == null) {
                for (int i = 0; i < properties.poolSize(); i++) {
                    waiting(HOST).add(startOne(HOST));
                }
            } else {
                for (Path root : languages.languages().values().stream()
                        .map(this::rootOf)
                        .distinct()
                        .toList()) {
                    waiting(root).add(startOne(root));
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException("Could not start the sandbox pool: " + e.getMessage(), e);
        }
    }

    @Override
    public Sandbox open(Language language) throws IOException {
        if (!running) {
            throw new IOException("The sandbox pool is stopped");
        }
        Path root = rootOf(language);
        if (!Files.isDirectory(root)) {
            throw new IOException("The image of the language " + language.id() + " (" + language.image()
                    + ") is not mounted at " + root);
        }
        // None ready (more submissions at once than the pool holds): start one now rather than wait,
        // which is never slower. It joins the pool when it is given back.
        BubblewrapSandbox sandbox;
        while ((sandbox = waiting(root).poll()) != null && !sandbox.isAlive()) {
            log.warn("Discarding a sandbox that died while waiting");
            sandbox.close();
        }
        Lease lease = new Lease(sandbox != null ? sandbox : startOne(root), root);
        lease.sandbox.serve(language);
        return lease;
    }

    /**
     * Where a language's programs find their root: its image's folder (named after the image, so that
     * languages of one image share it and its sandboxes), or the host's paths without images.
     */
    private Path rootOf(Language language) {
        if (properties.languageImages() == null) {
            return HOST;
        }
        return language.image() == null
                ? properties.languageImages().resolve("no-image-for-" + language.id())
                : properties.languageImages().resolve(language.imageFolder());
    }

    private BlockingQueue<BubblewrapSandbox> waiting(Path root) {
        return ready.computeIfAbsent(root, any -> new LinkedBlockingQueue<>());
    }

    /** With language images, each enabled language's must be there: a worker without one would fail its submissions. */
    private void checkImagesMounted() throws IOException {
        if (properties.languageImages() == null) {
            return;
        }
        List<String> missing = languages.languages().values().stream()
                .filter(language -> !Files.isDirectory(rootOf(language)))
                .map(language -> language.id() + " (" + language.image() + " at " + rootOf(language) + ")")
                .toList();
        if (!missing.isEmpty()) {
            throw new IOException(
                    "the images of these enabled languages are not mounted: " + String.join(", ", missing));
        }
        log.info(
                "Each run's root is its language's image, mounted under {}: {}",
                properties.languageImages(),
                String.join(", ", languages.languages().keySet()));
    }

    /** A sandbox lent to one submission; closing it gives it back. */
    private final class Lease implements Sandbox {

        private final BubblewrapSandbox sandbox;
        private final Path root;

        private Lease(BubblewrapSandbox sandbox, Path root) {
            this.sandbox = sandbox;
            this.root = root;
        }

        @Override
        public Path folder() {
            return sandbox.folder();
        }

        @Override
        public RunOutcome run(RunSpec spec) throws IOException {
            return sandbox.run(spec);
        }

        @Override
        public Path lastStdout() {
            return sandbox.lastStdout();
        }

        @Override
        public Communication communicate(RunSpec manager, List<Instance> instances) throws IOException {
            List<BubblewrapSandbox> boxes = new ArrayList<>();
            for (Instance instance : instances) {
                if (!(instance.box() instanceof Lease other) || other == this) {
                    throw new IllegalArgumentException("Each instance needs a sandbox of its own from the same pool");
                }
                boxes.add(other.sandbox);
            }
            return BubblewrapSandbox.communicate(
                    sandbox,
                    manager,
                    boxes,
                    instances.stream().map(Instance::spec).toList());
        }

        @Override
        public void close() {
            giveBack(sandbox, root);
        }
    }

    private void giveBack(BubblewrapSandbox sandbox, Path root) {
        BlockingQueue<BubblewrapSandbox> waiting = waiting(root);
        if (running && sandbox.isAlive() && sandbox.servedOneMore() < properties.reuse()) {
            try {
                sandbox.reset();
                if (waiting.size() < properties.poolSize()) {
                    waiting.add(sandbox);
                } else {
                    sandbox.close(); // one started for a burst, beyond what this root keeps waiting
                }
                return;
            } catch (IOException e) {
                log.warn("Replacing a sandbox that failed to reset: {}", e.getMessage());
            }
        }
        sandbox.close();
        if (running && waiting.size() < properties.poolSize()) {
            refill(root);
        }
    }

    Isolation isolation() {
        return isolation;
    }

    @Override
    public void stop() {
        running = false;
        // A sandbox still being started (a refill) must be gone too when stop returns: its folder is
        // under the work dir, where the next pool (a restarted context, the next test) starts its own.
        starter.shutdown();
        try {
            if (!starter.awaitTermination(STOP_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
                log.warn("A sandbox was still starting {} s after the pool stopped", STOP_TIMEOUT.toSeconds());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        for (BlockingQueue<BubblewrapSandbox> waiting : ready.values()) {
            BubblewrapSandbox sandbox;
            while ((sandbox = waiting.poll()) != null) {
                sandbox.close();
            }
        }
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    @Override
    public int getPhase() {
        // Before the listener containers start taking submissions, after they stop.
        return SmartLifecycle.DEFAULT_PHASE - 1000;
    }

    /** Starts a sandbox in the background, on the starter, so that {@link #stop()} can wait for it. */
    private void refill(Path root) {
        try {
            starter.execute(() -> {
                try {
                    BubblewrapSandbox sandbox = startOnStarter(root);
                    if (running) {
                        waiting(root).add(sandbox);
                    } else {
                        sandbox.close();
                    }
                } catch (IOException e) {
                    log.error("Could not start a sandbox: {}", e.getMessage());
                }
            });
        } catch (RejectedExecutionException e) {
            // The pool stopped meanwhile: nothing to refill.
        }
    }

    private BubblewrapSandbox startOne(Path root) throws IOException {
        try {
            return starter.submit(() -> startOnStarter(root)).get();
        } catch (RejectedExecutionException e) {
            throw new IOException("The sandbox pool is stopped", e);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof IOException io ? io : new IOException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("Interrupted while starting a sandbox", e);
        }
    }

    /** Runs on the starter thread only (see {@link #starter}). */
    private BubblewrapSandbox startOnStarter(Path root) throws IOException {
        long number = started.incrementAndGet();
        int uid = isolation.separateUids() ? properties.firstUid() + (int) (number % properties.uidCount()) : -1;
        return BubblewrapSandbox.start(
                boxes.resolve("box-" + number), root.equals(HOST) ? null : root, init, uid, isolation, properties);
    }

    private void installInit() throws IOException {
        Files.createDirectories(init.getParent());
        try (InputStream binary = SandboxPool.class.getResourceAsStream("/sandbox/judge-init")) {
            if (binary == null) {
                throw new IOException("judge-init is missing from the worker's jar");
            }
            Files.copy(binary, init, StandardCopyOption.REPLACE_EXISTING);
        }
        Files.setPosixFilePermissions(init, PosixFilePermissions.fromString("r-xr-xr-x"));
    }

    /** Sandboxes that run as other uids must reach judge-init and their folders through the work folder. */
    private static void checkSearchableByOthers(Path folder) throws IOException {
        for (Path path = folder; path != null && path.getNameCount() > 0; path = path.getParent()) {
            if (!Files.getPosixFilePermissions(path).contains(PosixFilePermission.OTHERS_EXECUTE)) {
                throw new IOException(path + " is not searchable by other users, whom the sandboxes run as:"
                        + " set judge.sandbox.work-dir elsewhere");
            }
        }
    }

    private Isolation detect() throws IOException {
        String version = firstLine(new ProcessBuilder(properties.bubblewrap(), "--version"));
        boolean root = "root".equals(ProcessHandle.current().info().user().orElse(""));
        Optional<CgroupDriver> cgroups = properties.cgroup() == SandboxProperties.CgroupMode.DISABLED
                ? Optional.empty()
                : CgroupDriver.detect(properties.cgroupRoot(), Files.readAllLines(Path.of("/proc/self/cgroup")));
        if (cgroups.isEmpty() && properties.cgroup() == SandboxProperties.CgroupMode.REQUIRED) {
            throw new IOException(
                    "judge.sandbox.cgroup=REQUIRED, but no writable cgroup with memory and pids controllers was found");
        }
        return new Isolation(
                version, root, cgroups, properties.nice(), Files.isReadable(Path.of("/proc/self/schedstat")));
    }

    private void trialRun() throws IOException {
        // On the host's paths: the worker's own image has what this needs, whatever the languages' have.
        try (BubblewrapSandbox trial = startOne(HOST)) {
            RunOutcome outcome = trial.run(new RunSpec(
                    List.of("true"), null, Duration.ofSeconds(2), Duration.ofSeconds(5), 64L << 20, 1 << 20));
            if (!outcome.exitedZero()) {
                throw new IOException("a trial run of 'true' ended with " + outcome);
            }
        }
    }

    private static String firstLine(ProcessBuilder builder) throws IOException {
        try {
            Process process = builder.redirectErrorStream(true).start();
            String output = new String(process.getInputStream().readAllBytes()).strip();
            if (process.waitFor() != 0) {
                throw new IOException(String.join(" ", builder.command()) + " failed: " + output);
            }
            return output.lines().findFirst().orElse("");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
    }
}
