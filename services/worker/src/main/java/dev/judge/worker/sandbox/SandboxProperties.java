package dev.judge.worker.sandbox;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * How programs are isolated. See docs/sandbox.md for the layers and what each one stops.
 *
 * @param workDir judge-init and the sandboxes' folders (must be searchable by other users when the worker is root)
 * @param bubblewrap the bwrap executable
 * @param poolSize sandboxes started ahead, so that creating namespaces (~8 ms) is not on a
 *        submission's path; at least the listener concurrency (more are started when needed)
 * @param firstUid when the worker runs as root, sandboxes run as unprivileged uids from here on
 *        (one per sandbox, so per-user rlimits are per sandbox); otherwise as the worker's own uid
 * @param uidCount how many uids from {@code firstUid} to cycle through
 * @param cgroup whether per-sandbox cgroups are used: AUTO (when writable), REQUIRED (refuse to start
 *        without), DISABLED (rlimits only)
 * @param cgroupRoot where the cgroup filesystem is mounted
 * @param maxProcesses processes and threads per run (a JVM needs ~20)
 * @param openFiles open files per process. R refuses to start under ~170 (1.67 × the 100 libraries it
 *        may load); what a run keeps on disk is bounded by {@code diskLimit} and {@code maxFiles}, not by this
 * @param nice the niceness programs run at (0-19), relative to what shares their scheduling group:
 *        the worker's own threads in a pod's cgroup. Each sandbox is a session of its own, so where the
 *        kernel groups sessions (autogroups, outside cgroups) it counts only within the sandbox: the
 *        sandbox then competes with other sessions as any process does, and a busy neighbour cannot
 *        take it below a fair share
 * @param maxWallStretch how long a run may take by the real clock, as a multiple of its wall limit. A run's
 *        wall limit holds its own clock, which leaves out the time its tasks wait for a CPU that others
 *        hold (judge-init measures it), so that a busy machine does not turn a program into a
 *        TIME_LIMIT_EXCEEDED; the real clock bounds that at this multiple. 1: every wait counts
 * @param starvedAttempts how many times a run is made that the machine starved (the real clock reached
 *        {@code maxWallStretch} × its wall limit while its own clock was still under it) before the
 *        sandbox gives up on it ({@link MachineTooBusyException}): the judge's fault, never a verdict
 * @param starvedPause the pause after a starved run before it is made again, doubled after each: a
 *        machine busy enough to starve a run is most often taking a burst, which ends within minutes, and
 *        attempts made back to back meet the same burst (a pod tier's three spanned 37 s and all failed).
 *        5 attempts from 5 s span 75 s of pauses besides the runs
 * @param diskLimit what one run (a compilation too) may keep in its writable folders, files it holds open
 *        included; past it the run is killed (output limit exceeded). The output limit bounds one file,
 *        this all of them: without it a run fills the worker's volume with many files under that limit
 * @param maxFiles how many files and folders one run may keep there
 * @param reuse how many submissions one sandbox serves, reset in between, before it is replaced:
 *        creating one costs ~8 ms of CPU, resetting one well under 1 ms
 * @param languageImages where the languages' images are mounted, one folder per image named after it
 *        ({@code <folder>/gcc_12.2.0-bookworm}, {@link dev.judge.contracts.language.Language#imageFolder()}):
 *        a run's root is its language's image, read-only, and nothing of the worker's. Unset: every language runs from the host's {@code readOnlyPaths} (make local-up,
 *        the tests on the host)
 * @param readOnlyPaths without language images, the host paths a program may read: toolchains and what
 *        they need. A path that is a symlink on the host (/bin on merged-/usr systems) becomes the same
 *        symlink inside.
 */
@ConfigurationProperties("judge.sandbox")
public record SandboxProperties(
        @DefaultValue("${java.io.tmpdir}/judge") Path workDir,
        @DefaultValue("bwrap") String bubblewrap,
        @DefaultValue("3") int poolSize,
        @DefaultValue("60000") int firstUid,
        @DefaultValue("1000") int uidCount,
        @DefaultValue("AUTO") CgroupMode cgroup,
        @DefaultValue("/sys/fs/cgroup") Path cgroupRoot,
        @DefaultValue("64") int maxProcesses,
        @DefaultValue("256") int openFiles,
        @DefaultValue("19") int nice,
        @DefaultValue("4") double maxWallStretch,
        @DefaultValue("5") int starvedAttempts,
        @DefaultValue("5s") Duration starvedPause,
        @DefaultValue("256MB") DataSize diskLimit,
        @DefaultValue("1000") int maxFiles,
        @DefaultValue("100") int reuse,
        Path languageImages,

        @DefaultValue({
            "/usr",
            "/bin",
            "/sbin",
            "/lib",
            "/lib64",
            "/etc/alternatives",
            "/etc/ld.so.cache",
            "/etc/java-17-openjdk",
            // Debian's R keeps its settings there (/usr/lib/R/etc links to it), Debian's GHC its
            // package database (/usr/lib/ghc/package.conf.d links to it), Debian's Nim its library paths,
            // GnuCOBOL its dialects, Racket where its compiled collections are (without it, every run
            // compiles racket/base again: 5 s), Mono the map of its libraries to the system's (without
            // it, mcs finds no source file: its file calls go through that map).
            "/etc/R",
            "/var/lib/ghc",
            "/etc/nim",
            "/etc/gnucobol",
            "/etc/racket",
            "/etc/mono"
        })
        List<String> readOnlyPaths) {

    public enum CgroupMode {
        AUTO,
        REQUIRED,
        DISABLED
    }
}
