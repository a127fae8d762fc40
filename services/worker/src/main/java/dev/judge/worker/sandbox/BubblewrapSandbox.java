package dev.judge.worker.sandbox;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.judge.contracts.language.Language;

/**
 * One bubblewrap sandbox with {@code judge-init} as its process 1, which starts each run on request.
 *
 * <p>Its root is a language's image, read-only: each of the image's top-level folders, files and links
 * as they are there (so that the sandbox's own folders below can be made on bubblewrap's root, never in
 * the image). Without images, the host's toolchain paths ({@code judge.sandbox.read-only-paths}) and
 * nothing else of the host. Host side: {@code <box>/work} is the program's cwd ({@code /box}), {@code <box>/tmp} and
 * {@code <box>/shm} are its {@code /tmp} and {@code /dev/shm}: those three are all it can change;
 * everything else is read-only.
 * {@code <box>/io} ({@code /io}) holds the run's streams, {@code stdin}, {@code stdout} and
 * {@code stderr}, and the pipes of a communication (see {@link #communicate}): read-only to the program, with only the files
 * {@code stdout} and {@code stderr} bound writable, so it cannot replace any of them with a link, a
 * FIFO or a folder of its own for the worker to read or write. Files the worker reads from or writes
 * to the folders a program can change go through {@link SandboxFiles}. {@code <box>/linked} ({@code /linked},
 * read-only) holds a large test's input, hard-linked from the worker's store rather than copied: the
 * program can read it and not change it. The network namespace has only its own loopback.
 *
 * <p>{@link #reset()} makes it fit for another submission: processes killed, System V IPC objects
 * removed, the four folders emptied. Nothing else a program can change survives a run.
 */
final class BubblewrapSandbox implements Sandbox {

    private static final Logger log = LoggerFactory.getLogger(BubblewrapSandbox.class);
    private static final String PATH = "/usr/local/bin:/usr/bin:/bin";
    private static final int STDERR_LIMIT_BYTES = 64 * 1024;
    /** Time judge-init may take beyond a run's wall limit to answer (killing and reaping). */
    private static final Duration REPLY_GRACE = Duration.ofSeconds(10);

    /** The folders the program can change. */
    private static final List<String> WRITABLE = List.of("work", "tmp", "shm");

    private static final String IO = "io";
    /** The run's streams in {@code io}: made once, never replaced, since stdout and stderr are bound by inode. */
    private static final String STDIN = "stdin";

    private static final String STDOUT = "stdout";
    private static final String STDERR = "stderr";
    private static final List<String> STREAMS = List.of(STDIN, STDOUT, STDERR);
    private static final Set<PosixFilePermission> OWNER_WRITES = PosixFilePermissions.fromString("rw-------");
    private static final String LINKED = "linked";
    /** What the sandbox mounts itself, whatever an image has there. */
    private static final Set<String> OWN_MOUNTS = Set.of("proc", "dev", "sys", "tmp", "box", IO, LINKED, ".judge-init");

    private final Path root;
    private final Path work;
    private final Path io;
    private final Process process;
    private final OutputStream requests;
    private final BufferedReader replies;
    private final ExecutorService replyReader = Executors.newVirtualThreadPerTaskExecutor();
    private final Cgroup cgroup;
    private final SandboxProperties properties;
    private int served;
    private long cgroupMemoryLimit = -1;
    /** The language's environment, over the sandbox's own, for the runs of the submission it serves. */
    private Map<String, String> environment = Map.of();
    /** What the language's runtime needs of memory beyond the program's, for the same runs. */
    private Language.RuntimeMemory runtimeMemory = Language.RuntimeMemory.NONE;

    private BubblewrapSandbox(Path root, Process process, Cgroup cgroup, SandboxProperties properties) {
        this.root = root;
        this.work = root.resolve("work");
        this.io = root.resolve(IO);
        this.process = process;
        this.requests = process.getOutputStream();
        this.replies = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        this.cgroup = cgroup;
        this.properties = properties;
    }

    /**
     * Creates the folders, starts bubblewrap and judge-init, and waits until it is ready.
     *
     * @param image the language image that is its root; null for the host's read-only paths
     * @param uid the uid to drop to, or -1 to keep the worker's
     */
    static BubblewrapSandbox start(
            Path root, Path image, Path init, int uid, Isolation isolation, SandboxProperties properties)
            throws IOException {
        Files.createDirectories(root);
        for (String folder : WRITABLE) {
            Files.createDirectories(root.resolve(folder));
        }
        Files.createDirectories(root.resolve(LINKED));
        Path io = Files.createDirectories(root.resolve(IO));
        Files.createFile(io.resolve(STDIN));
        List<Path> owned = new ArrayList<>(WRITABLE.stream().map(root::resolve).toList());
        for (String stream : List.of(STDOUT, STDERR)) {
            owned.add(Files.createFile(io.resolve(stream), PosixFilePermissions.asFileAttribute(OWNER_WRITES)));
        }
        if (uid >= 0) {
            // judge-init opens stdout and stderr as the sandbox's uid; stdin and io stay the worker's.
            for (Path path : owned) {
                Files.setAttribute(path, "unix:uid", uid);
                Files.setAttribute(path, "unix:gid", uid);
            }
        }
        Cgroup cgroup = null;
        Process process = null;
        try {
            // Named after the worker too: several workers on one host share the parent cgroup.
            String cgroupName = ProcessHandle.current().pid() + "-" + root.getFileName();
            cgroup = isolation.cgroups().isPresent() ? isolation.cgroups().get().create(cgroupName) : null;
            ProcessBuilder builder = new ProcessBuilder(command(root, image, init, uid, properties))
                    .redirectError(ProcessBuilder.Redirect.DISCARD);
            builder.environment().clear();
            process = builder.start();
            BubblewrapSandbox sandbox = new BubblewrapSandbox(root, process, cgroup, properties);
            sandbox.awaitReady();
            if (cgroup != null) {
                // judge-init has started nothing yet, so every process of every run starts inside.
                for (ProcessHandle inside : process.descendants().toList()) {
                    cgroup.add(inside.pid());
                }
            }
            return sandbox;
        } catch (IOException | RuntimeException e) {
            if (process != null) {
                process.destroyForcibly();
            }
            if (cgroup != null) {
                cgroup.close();
            }
            deleteRecursively(root);
            throw e;
        }
    }

    private static List<String> command(Path root, Path image, Path init, int uid, SandboxProperties properties)
            throws IOException {
        List<String> command = new ArrayList<>();
        if (uid >= 0) {
            command.addAll(List.of(
                    "setpriv",
                    "--reuid=" + uid,
                    "--regid=" + uid,
                    "--clear-groups",
                    "--inh-caps=-all",
                    "--bounding-set=-all",
                    "--no-new-privs",
                    "--"));
        }
        command.addAll(List.of(
                properties.bubblewrap(),
                "--unshare-all",
                "--die-with-parent",
                "--new-session",
                "--as-pid-1",
                "--cap-drop",
                "ALL",
                "--clearenv",
                "--setenv",
                "PATH",
                PATH,
                "--setenv",
                "HOME",
                "/box",
                "--setenv",
                "LANG",
                "C.UTF-8"));
        command.addAll(image == null ? hostPaths(properties) : imageRoot(image));
        command.addAll(List.of(
                "--proc",
                "/proc",
                "--dev",
                "/dev",
                "--bind",
                root.resolve("shm").toString(),
                "/dev/shm",
                "--bind",
                root.resolve("tmp").toString(),
                "/tmp",
                "--bind",
                root.resolve("work").toString(),
                "/box",
                "--ro-bind",
                root.resolve(IO).toString(),
                "/io",
                "--bind",
                root.resolve(IO).resolve(STDOUT).toString(),
                "/io/" + STDOUT,
                "--bind",
                root.resolve(IO).resolve(STDERR).toString(),
                "/io/" + STDERR,
                "--ro-bind",
                root.resolve(LINKED).toString(),
                "/" + LINKED,
                "--ro-bind",
                init.toString(),
                "/.judge-init",
                "--remount-ro",
                "/dev",
                "--remount-ro",
                "/",
                "--chdir",
                "/box",
                "/.judge-init",
                Integer.toString(properties.nice())));
        return command;
    }

    /** The host's toolchain paths, each where it is on the host. */
    private static List<String> hostPaths(SandboxProperties properties) throws IOException {
        List<String> binds = new ArrayList<>();
        for (Path path : properties.readOnlyPaths().stream().map(Path::of).toList()) {
            if (Files.isSymbolicLink(path)) {
                binds.addAll(List.of("--symlink", Files.readSymbolicLink(path).toString(), path.toString()));
            } else if (Files.exists(path)) {
                binds.addAll(List.of("--ro-bind", path.toString(), path.toString()));
            }
        }
        return binds;
    }

    /**
     * An image as the root: its top-level entries, read-only (the bind of a folder takes what is mounted
     * below it too). Links stay links, resolved inside the sandbox; anything but folders, files and
     * links (a device, a FIFO an image should not hold) is left out.
     */
    private static List<String> imageRoot(Path image) throws IOException {
        List<String> binds = new ArrayList<>();
        try (Stream<Path> entries = Files.list(image)) {
            for (Path entry : entries.sorted().toList()) {
                String name = entry.getFileName().toString();
                if (OWN_MOUNTS.contains(name)) {
                    continue;
                }
                if (Files.isSymbolicLink(entry)) {
                    binds.addAll(
                            List.of("--symlink", Files.readSymbolicLink(entry).toString(), "/" + name));
                } else if (Files.isDirectory(entry, LinkOption.NOFOLLOW_LINKS)
                        || Files.isRegularFile(entry, LinkOption.NOFOLLOW_LINKS)) {
                    binds.addAll(List.of("--ro-bind", entry.toString(), "/" + name));
                }
            }
        }
        return binds;
    }

    /** The language whose runs come next (until {@link #reset()}): its environment and its runtime's memory. */
    void serve(Language language) {
        this.environment = language.environment();
        this.runtimeMemory = language.runtimeMemory();
    }

    private void awaitReady() throws IOException {
        String line = reply(Duration.ofSeconds(30));
        if (!"ready".equals(line)) {
            throw new IOException("The sandbox did not start (bubblewrap said: " + line + ")");
        }
    }

    @Override
    public Path folder() {
        return work;
    }

    @Override
    public Path lastStdout() {
        return io.resolve(STDOUT);
    }

    @Override
    public RunOutcome run(RunSpec spec) throws IOException {
        Streams streams = Streams.FILES;
        if (spec.stdinFile() != null) {
            Path linked = root.resolve(LINKED).resolve("stdin");
            Files.deleteIfExists(linked);
            try {
                Files.createLink(linked, spec.stdinFile());
            } catch (IOException e) {
                // Another file system than the worker's store: a copy is slower, and as safe.
                Files.copy(spec.stdinFile(), linked);
            }
            streams = Streams.LINKED_STDIN;
        } else {
            SandboxFiles.overwrite(io.resolve(STDIN), spec.stdin() == null ? "" : spec.stdin());
        }
        for (int attempt = 1; ; attempt++) {
            Measured measured = runOnce(spec, streams);
            if (!measured.starved()) {
                return measured.outcome();
            }
            starved(attempt, properties, measured.outcome());
        }
    }

    /**
     * A run the machine starved is made again, up to {@code judge.sandbox.starved-attempts} times in
     * all, after a pause that doubles each time ({@code judge.sandbox.starved-pause}); then the sandbox
     * gives up on it.
     */
    private static void starved(int attempt, SandboxProperties properties, RunOutcome outcome) throws IOException {
        log.warn(
                "A run was kept from a CPU (attempt {} of {}): {} ms by the clock, {} ms of them waiting, {} ms of CPU",
                attempt,
                properties.starvedAttempts(),
                outcome.wallTime().toMillis(),
                outcome.cpuWait().toMillis(),
                outcome.cpuTime().toMillis());
        if (attempt >= properties.starvedAttempts()) {
            throw new MachineTooBusyException(attempt);
        }
        try {
            Thread.sleep(properties.starvedPause().multipliedBy(1L << Math.min(attempt - 1, 20)));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("Interrupted before a starved run was made again", e);
        }
    }

    /** A run's outcome, and whether the machine starved it (then it says nothing of the program). */
    private record Measured(RunOutcome outcome, boolean starved) {}

    /**
     * Where a run's stdin and stdout are, inside the sandbox, and the further descriptors it is given
     * ({@code fd=N:r|w:path}, opened in this order after the streams).
     */
    private record Streams(String stdin, String stdout, boolean stdoutFirst, List<String> descriptors) {

        static final Streams FILES = new Streams("/io/stdin", "/io/stdout", false, List.of());
        static final Streams LINKED_STDIN = new Streams("/" + LINKED + "/stdin", "/io/stdout", false, List.of());
        /** An instance's: its pipes to the manager, read first (the manager opens its end for writing first). */
        static final Streams TO_MANAGER =
                new Streams("/io/" + FROM_MANAGER, "/io/" + TO_MANAGER_PIPE, false, List.of());

        /**
         * The manager's: the first instance's pipes as stdin and stdout, and every instance's as
         * descriptors 3 + 2i (read) and 4 + 2i (write). Each pair is opened write end first, as each
         * instance opens its read end first, so that no two sandboxes ever wait for each other.
         */
        static Streams manager(int instances) {
            List<String> descriptors = new ArrayList<>();
            for (int i = 0; i < instances; i++) {
                descriptors.add("fd=" + (4 + 2 * i) + ":w:/io/" + toInstance(i));
                descriptors.add("fd=" + (3 + 2 * i) + ":r:/io/" + fromInstance(i));
            }
            return new Streams("/io/" + fromInstance(0), "/io/" + toInstance(0), true, List.copyOf(descriptors));
        }
    }

    /** The pipes in an instance's io folder, hard links of the manager's. */
    private static final String FROM_MANAGER = "from-manager";

    private static final String TO_MANAGER_PIPE = "to-manager";

    private static String toInstance(int index) {
        return "to-" + index;
    }

    private static String fromInstance(int index) {
        return "from-" + index;
    }

    /**
     * The manager here and each instance in its sandbox, at once: two FIFOs per instance, made in this
     * sandbox's io folder and hard-linked into the instance's, so that no sandbox sees anything else of
     * another. Each run keeps its own limits; when one side ends, the other reads end-of-file or dies
     * writing (SIGPIPE), so it all ends by the latest wall limit at most. A communication in which the
     * machine starved any run is held again, as a starved run is, and so is one in which a run's own
     * clock ran out while another, within its limits, was long kept from a CPU.
     */
    static Communication communicate(
            BubblewrapSandbox manager, RunSpec managerSpec, List<BubblewrapSandbox> boxes, List<RunSpec> specs)
            throws IOException {
        if (boxes.isEmpty()
                || boxes.size() != specs.size()
                || boxes.contains(manager)
                || new HashSet<>(boxes).size() != boxes.size()) {
            throw new IllegalArgumentException(
                    "Each instance needs a spec and a sandbox of its own, not the manager's");
        }
        manager.connectTo(boxes);
        List<BubblewrapSandbox> all = new ArrayList<>(boxes);
        all.add(manager);
        List<RunSpec> limits = new ArrayList<>(specs);
        limits.add(managerSpec);
        for (int attempt = 1; ; attempt++) {
            List<Measured> runs = together(manager, managerSpec, boxes, specs);
            Measured starved =
                    runs.stream().filter(Measured::starved).findFirst().orElse(null);
            RunOutcome keptWaiting = starved == null
                    ? keptWaitingBy(runs.stream().map(Measured::outcome).toList(), limits)
                    : null;
            if (starved == null && keptWaiting == null) {
                return new Communication(
                        runs.getLast().outcome(),
                        runs.subList(0, boxes.size()).stream()
                                .map(Measured::outcome)
                                .toList());
            }
            starved(attempt, manager.properties, starved != null ? starved.outcome() : keptWaiting);
        }
    }

    /**
     * The run that kept another waiting, if any: one whose own clock ran out while it, within its limits,
     * had waited long for a CPU or started long after it. A program blocked on another's answer counts
     * that wait as its own time, which a busy machine made longer; and the other's clock, which has to
     * run out first for the verdict to be the other's, started as much later as its judge-init waited to
     * take its request (a pod tier's manager ran out 1 s after its instances' limit while they were still
     * under it: INTERNAL_ERROR where they deadlocked). A tenth of the stopped run's wall limit: far more
     * than the wake-ups of a quiet machine add up to. A run over its own limits (a manager looping until
     * its CPU time ran out) decides the outcome whatever the machine.
     */
    static RunOutcome keptWaitingBy(List<RunOutcome> runs, List<RunSpec> limits) {
        for (int stopped = 0; stopped < runs.size(); stopped++) {
            RunOutcome ranOut = runs.get(stopped);
            if (!ranOut.wallLimitReached()) {
                continue;
            }
            Duration longWait = limits.get(stopped).wallLimit().dividedBy(10);
            for (int other = 0; other < runs.size(); other++) {
                RunOutcome waiting = runs.get(other);
                RunSpec otherLimits = limits.get(other);
                boolean withinItsLimits = !waiting.wallLimitReached()
                        && (waiting.cpuTime() == null || waiting.cpuTime().compareTo(otherLimits.timeLimit()) <= 0);
                Duration behind = waiting.cpuWait().plus(waiting.startedLaterThan(ranOut));
                if (other != stopped && withinItsLimits && behind.compareTo(longWait) >= 0) {
                    return waiting;
                }
            }
        }
        return null;
    }

    /** Every instance's run and then the manager's, each started on a thread of its own and waited for. */
    private static List<Measured> together(
            BubblewrapSandbox manager, RunSpec managerSpec, List<BubblewrapSandbox> boxes, List<RunSpec> specs)
            throws IOException {
        try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<Measured>> runs = new ArrayList<>();
            for (int i = 0; i < boxes.size(); i++) {
                BubblewrapSandbox box = boxes.get(i);
                RunSpec spec = specs.get(i);
                runs.add(threads.submit(() -> box.runOnce(spec, Streams.TO_MANAGER)));
            }
            runs.add(threads.submit(() -> manager.runOnce(managerSpec, Streams.manager(boxes.size()))));
            List<Measured> measured = new ArrayList<>();
            for (Future<Measured> run : runs) {
                measured.add(run.get());
            }
            return measured;
        } catch (ExecutionException e) {
            throw e.getCause() instanceof IOException io ? io : new IOException("A run failed", e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("Interrupted while the runs went on", e);
        }
    }

    @Override
    public Communication communicate(RunSpec manager, List<Instance> instances) throws IOException {
        List<BubblewrapSandbox> boxes = new ArrayList<>();
        for (Instance instance : instances) {
            if (!(instance.box() instanceof BubblewrapSandbox other)) {
                throw new IllegalArgumentException("Each instance needs a bubblewrap sandbox");
            }
            boxes.add(other);
        }
        return communicate(
                this, manager, boxes, instances.stream().map(Instance::spec).toList());
    }

    /**
     * Makes each instance's two FIFOs here and links them into its sandbox, once per set of sandboxes
     * (the links are remade when an instance's sandbox is another than last time); a FIFO's buffer is
     * empty again once both its ends close.
     */
    private void connectTo(List<BubblewrapSandbox> instances) throws IOException {
        for (int i = 0; i < instances.size(); i++) {
            Path to = io.resolve(toInstance(i));
            Path from = io.resolve(fromInstance(i));
            if (!Files.exists(to, LinkOption.NOFOLLOW_LINKS)) {
                // Mode 666: the sandboxes may run as different uids.
                Process mkfifo = new ProcessBuilder("mkfifo", "-m", "666", to.toString(), from.toString())
                        .redirectErrorStream(true)
                        .start();
                try {
                    if (mkfifo.waitFor() != 0) {
                        throw new IOException("mkfifo failed: "
                                + new String(mkfifo.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IOException("Interrupted making pipes", e);
                }
            }
            // The io folders are the worker's alone (read-only to every program): their entries are what it made.
            Path fromManager = instances.get(i).io.resolve(FROM_MANAGER);
            Path toManager = instances.get(i).io.resolve(TO_MANAGER_PIPE);
            if (!Files.exists(fromManager, LinkOption.NOFOLLOW_LINKS) || !Files.isSameFile(fromManager, to)) {
                Files.deleteIfExists(fromManager);
                Files.deleteIfExists(toManager);
                Files.createLink(fromManager, to);
                Files.createLink(toManager, from);
            }
        }
    }

    private Measured runOnce(RunSpec spec, Streams streams) throws IOException {
        clearOutputStreams();
        long oomKillsBefore = 0;
        if (cgroup != null) {
            // A submission's runs share their limits: write them only when they change.
            if (spec.memoryLimitBytes() != cgroupMemoryLimit) {
                cgroup.limit(spec.memoryLimitBytes(), properties.maxProcesses());
                cgroupMemoryLimit = spec.memoryLimitBytes();
            }
            oomKillsBefore = cgroup.oomKills();
        }
        requests.write(request(spec, streams));
        requests.flush();
        Map<String, Long> reply = parse(reply(realClockLimit(spec).plus(REPLY_GRACE)));
        if (reply.get("exec_errno") != 0) {
            throw new IOException("Cannot start " + spec.command().getFirst() + " in the sandbox (errno "
                    + reply.get("exec_errno") + ")");
        }
        boolean oomKilled = cgroup != null && cgroup.oomKills() > oomKillsBefore;

        int exitCode = reply.get("exit").intValue();
        int signal = reply.get("signal").intValue();
        boolean failed = signal != 0 || exitCode != 0;
        RunOutcome outcome = new RunOutcome(
                reply.get("timed_out") == 1,
                signal == 0 ? Integer.valueOf(exitCode) : null,
                signal == 0 ? null : signal,
                Duration.ofNanos(reply.get("wall_us") * 1000),
                Duration.ofNanos(reply.get("cpu_wait_us") * 1000),
                Duration.ofNanos(reply.get("cpu_us") * 1000),
                reply.get("maxrss_kb"),
                oomKilled,
                cgroup != null,
                // A program may survive a failed write to a full stdout (CPython ignores SIGXFSZ).
                SandboxFiles.regularSize(io.resolve(STDOUT)) >= spec.outputLimitBytes(),
                failed && aFileReachedLimit(spec.outputLimitBytes()),
                reply.get("disk_exceeded") == 1,
                SandboxFiles.readRegularText(io.resolve(STDOUT), spec.outputLimitBytes()),
                SandboxFiles.readRegularText(io.resolve(STDERR), STDERR_LIMIT_BYTES),
                reply.get("ended_ns"));
        return new Measured(outcome, reply.get("starved") == 1);
    }

    /** How long a run may take by the real clock: its wall limit, stretched by what it may wait for a CPU. */
    private Duration realClockLimit(RunSpec spec) {
        return Duration.ofMillis(Math.round(spec.wallLimit().toMillis() * Math.max(1, properties.maxWallStretch())));
    }

    /**
     * Empties stdout and stderr for the next run, in place (they are bound into the sandbox by inode),
     * and gives them back the mode the program may have taken away: judge-init must be able to open
     * them, and a run through pipes leaves stdout as the run before it wrote it.
     */
    private void clearOutputStreams() throws IOException {
        for (String stream : List.of(STDOUT, STDERR)) {
            Path file = io.resolve(stream);
            Files.getFileAttributeView(file, PosixFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
                    .setPermissions(OWNER_WRITES);
            SandboxFiles.overwrite(file, "");
        }
    }

    /**
     * Whether a file the program wrote hit the size limit. Asked only of failed runs: a write past the
     * limit ends in SIGXFSZ or, where the runtime ignores that signal, in an error the program dies of.
     */
    private boolean aFileReachedLimit(long limit) throws IOException {
        try (Stream<Path> files = Files.walk(work, 4)) {
            return files.limit(10_000).anyMatch(file -> SandboxFiles.regularSize(file) >= limit);
        }
    }

    private byte[] request(RunSpec spec, Streams streams) throws IOException {
        List<String> fields = new ArrayList<>(List.of(
                "cpu_ms=" + spec.timeLimit().toMillis(),
                "wall_ms=" + spec.wallLimit().toMillis(),
                "wall_max_ms=" + realClockLimit(spec).toMillis(),
                "fsize_bytes=" + spec.outputLimitBytes(),
                "nofile=" + properties.openFiles(),
                "disk_bytes=" + properties.diskLimit().toBytes(),
                "disk_files=" + properties.maxFiles(),
                "stdin=" + streams.stdin(),
                "stdout=" + streams.stdout(),
                "stderr=/io/stderr"));
        if (streams.stdoutFirst()) {
            fields.add("stdout_first=1");
        }
        fields.addAll(streams.descriptors());
        // The stack may take all of the memory limit, as Codeforces and Polygon give it (a setter's
        // recursive solution needs it). It is not in RLIMIT_DATA: without a cgroup, its own rlimit (soft
        // and hard, or a program could raise it) is its limit; with one, the cgroup ends the run at the
        // memory limit first (MEMORY_LIMIT), and the hard limit stands above it.
        // A runtime that sizes its threads' stacks by the soft limit starts lower (Language.RuntimeMemory).
        fields.add("stack_bytes=" + runtimeMemory.softStackBytes(spec.memoryLimitBytes()));
        fields.add("stack_max_bytes=" + (cgroup == null ? spec.memoryLimitBytes() : 2 * spec.memoryLimitBytes()));
        if (cgroup == null) {
            // No cgroup: the per-process rlimits are all there is.
            fields.add("data_bytes=" + runtimeMemory.dataBytes(spec.memoryLimitBytes()));
            fields.add("nproc=" + properties.maxProcesses());
        }
        new TreeMap<>(environment).forEach((name, value) -> fields.add("env=" + name + "=" + value));
        spec.command().forEach(argument -> fields.add("arg=" + argument));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        for (String field : fields) {
            // judge-init's fields end at a NUL: one inside a value (a setter's flag, a name) would end
            // its field there and make the rest a field of the request's own (env=, nofile=, ...).
            if (field.indexOf('\0') >= 0) {
                throw new IOException("A NUL in a sandbox request's field: "
                        + field.substring(0, field.indexOf('=') + 1) + "... (refused: it would end the field)");
            }
            bytes.writeBytes(field.getBytes(StandardCharsets.UTF_8));
            bytes.write(0);
        }
        bytes.write(0);
        return bytes.toByteArray();
    }

    private String reply(Duration timeout) throws IOException {
        Future<String> line = replyReader.submit(replies::readLine);
        try {
            return line.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            process.destroyForcibly();
            throw new IOException("The sandbox did not answer within " + timeout.toSeconds() + " s");
        } catch (ExecutionException e) {
            throw new IOException("Lost the sandbox: " + e.getCause(), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("Interrupted while waiting for the sandbox", e);
        }
    }

    private static Map<String, Long> parse(String line) throws IOException {
        if (line == null || line.startsWith("error=")) {
            throw new IOException("The sandbox failed: " + line);
        }
        Map<String, Long> values = new HashMap<>();
        for (String field : line.split(" ")) {
            String[] keyValue = field.split("=", 2);
            values.put(keyValue[0], Long.parseLong(keyValue[1]));
        }
        return values;
    }

    /** Readies the sandbox for another submission. */
    void reset() throws IOException {
        requests.write("reset=1\0\0".getBytes(StandardCharsets.US_ASCII));
        requests.flush();
        String reply = reply(Duration.ofSeconds(10));
        if (!"reset".equals(reply)) {
            throw new IOException("The sandbox did not reset: " + reply);
        }
        for (String folder : WRITABLE) {
            deleteContents(root.resolve(folder));
        }
        deleteContents(root.resolve(LINKED));
        // The pipes of this submission's communication go; the streams stay (emptied before each run).
        try (Stream<Path> entries = Files.list(io)) {
            for (Path entry : entries.filter(
                            entry -> !STREAMS.contains(entry.getFileName().toString()))
                    .toList()) {
                SandboxFiles.remove(entry);
            }
        }
        SandboxFiles.overwrite(io.resolve(STDIN), "");
        environment = Map.of();
        runtimeMemory = Language.RuntimeMemory.NONE;
    }

    boolean isAlive() {
        return process.isAlive();
    }

    /** Counts a submission served; returns how many it has served. */
    int servedOneMore() {
        return ++served;
    }

    /** Kills everything in the sandbox and deletes its folders and cgroup. */
    @Override
    public void close() {
        try {
            requests.close(); // judge-init exits; the kernel kills what is left in its namespace
            if (!process.waitFor(2, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        } catch (IOException e) {
            process.destroyForcibly();
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        } finally {
            replyReader.shutdownNow();
            if (cgroup != null) {
                cgroup.close();
            }
            deleteRecursively(root);
        }
    }

    static void deleteRecursively(Path folder) {
        if (Files.exists(folder)) {
            try {
                deleteContents(folder);
                Files.deleteIfExists(folder);
            } catch (IOException e) {
                log.warn("Could not delete {}: {}", folder, e.toString());
            }
        }
    }

    /**
     * Empties a folder a program wrote. Runs as root or as the program's owner, so a folder the
     * program made unreadable is first given back its owner's permissions.
     */
    private static void deleteContents(Path folder) throws IOException {
        try (Stream<Path> paths = Files.walk(folder)) {
            paths.filter(path -> !path.equals(folder) && Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS))
                    .forEach(directory -> {
                        directory.toFile().setReadable(true, true);
                        directory.toFile().setWritable(true, true);
                        directory.toFile().setExecutable(true, true);
                    });
        }
        try (Stream<Path> paths = Files.walk(folder)) {
            for (Path path : paths.sorted(Comparator.reverseOrder())
                    .filter(path -> !path.equals(folder))
                    .toList()) {
                Files.deleteIfExists(path);
            }
        }
    }
}
