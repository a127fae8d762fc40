package dev.judge.worker.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** A sandbox serves several submissions in turn; nothing one leaves behind reaches the next. */
class SandboxReuseIT {

    private static final String LEAVE_TRACES = """
            import ctypes, os, platform, subprocess
            for folder in ("/box", "/tmp", "/dev/shm"):
                with open(folder + "/trace", "w") as trace:
                    trace.write("secret")
            os.makedirs("/box/locked/inner")
            open("/box/locked/inner/trace", "w").close()
            os.chmod("/box/locked", 0)
            libc = ctypes.CDLL(None, use_errno=True)
            ipc = [libc.shmget(1234, 4096, 0o1666), libc.semget(1234, 1, 0o1666), libc.msgget(1234, 0o1666)]
            mq = libc.mq_open(b"/trace", os.O_CREAT | os.O_RDWR, 0o666, None)
            add_key = {"x86_64": 248, "aarch64": 217}[platform.machine()]
            key = libc.syscall(add_key, b"user", b"trace", b"secret", 6, -4)  # into the user keyring
            subprocess.Popen(["sleep", "600"], start_new_session=True)
            print(ipc, mq, key)
            """;

    private static final String LOOK_FOR_TRACES = """
            import ctypes, os, platform
            found = [folder for folder in ("/box", "/tmp", "/dev/shm", "/io") if os.path.exists(folder + "/trace")]
            found += ["/box/locked"] if os.path.exists("/box/locked") else []
            for kind in ("shm", "sem", "msg"):
                with open("/proc/sysvipc/" + kind) as listing:
                    found += [kind] * (len(listing.readlines()) - 1)
            libc = ctypes.CDLL(None)
            found += ["mqueue"] if libc.mq_open(b"/trace", os.O_RDWR) >= 0 else []
            keyctl = {"x86_64": 250, "aarch64": 219}[platform.machine()]
            found += ["keyring"] if libc.syscall(keyctl, 10, -4, b"user", b"trace", 0) >= 0 else []  # KEYCTL_SEARCH
            found += [pid for pid in os.listdir("/proc") if pid.isdigit() and int(pid) not in (1, os.getpid())]
            print(found if found else "clean")
            """;

    private static Sandboxes sandbox;

    @BeforeAll
    static void startOneSandbox() {
        sandbox = TestSandboxes.startPool(
                TestSandboxes.sandboxProperties(Map.of("judge.sandbox.pool-size", "1", "judge.sandbox.reuse", "10")));
    }

    @AfterAll
    static void stop() {
        TestSandboxes.stop(sandbox);
    }

    @Test
    void theNextSubmissionFindsNothingThePreviousLeft() throws Exception {
        Path first;
        try (Sandbox session = sandbox.open(TestSandboxes.C)) {
            first = session.folder();
            RunOutcome left = run(session, LEAVE_TRACES);
            assertThat(left.exitedZero()).as("%s", left).isTrue();
            // Message queues are refused outright (RLIMIT_MSGQUEUE=0): mq_open returned -1. So are keyrings,
            // which outlive a run and which no reset can list (judge-init's seccomp filter): add_key too.
            assertThat(left.stdout()).contains("] -1 -1");
        }
        try (Sandbox session = sandbox.open(TestSandboxes.C)) {
            assertThat(session.folder()).as("the same sandbox, reused").isEqualTo(first);
            assertThat(run(session, LOOK_FOR_TRACES).stdout()).isEqualTo("clean\n");
        }
    }

    @Test
    void aReusedSandboxStillRefusesWritesOutsideItsFolders() throws Exception {
        try (Sandbox session = sandbox.open(TestSandboxes.C)) {
            RunOutcome outcome = run(session, """
                    import os
                    writable = []
                    # /io too: its streams are bound in, and nothing there can be added or replaced.
                    for folder in ("/", "/dev", "/usr", "/etc", "/proc/sys", "/io"):
                        try:
                            open(os.path.join(folder, "probe"), "w").close()
                            writable.append(folder)
                        except OSError:
                            pass
                    print(writable)
                    """);
            assertThat(outcome.stdout()).isEqualTo("[]\n");
        }
    }

    @Test
    void aLinkedInputCanBeReadButNotChangedAndIsGoneForTheNextSubmission() throws Exception {
        Path stored = Files.createDirectories(TestSandboxes.WORK_DIR.resolve("linked-inputs"))
                .resolve("0.in");
        Files.writeString(stored, "1 2\n");
        try (Sandbox session = sandbox.open(TestSandboxes.C)) {
            Files.writeString(session.folder().resolve("main.py"), """
                    import os, sys
                    print(sys.stdin.readline().strip())
                    refused = []
                    for name, change in [("chmod", lambda: os.chmod("/linked/stdin", 0o666)),
                                         ("write", lambda: open("/linked/stdin", "a").write("3")),
                                         ("unlink", lambda: os.unlink("/linked/stdin")),
                                         ("rename", lambda: os.rename("/linked/stdin", "/linked/other")),
                                         ("create", lambda: open("/linked/new", "w"))]:
                        try:
                            change()
                        except OSError:
                            refused.append(name)
                    print(refused)
                    """);
            RunOutcome outcome = session.run(new RunSpec(
                    List.of("python3", "main.py"),
                    null,
                    Duration.ofSeconds(2),
                    Duration.ofSeconds(5),
                    256L << 20,
                    1 << 20,
                    stored));

            assertThat(outcome.stdout()).isEqualTo("1 2\n['chmod', 'write', 'unlink', 'rename', 'create']\n");
        }
        assertThat(stored).hasContent("1 2\n");
        try (Sandbox next = sandbox.open(TestSandboxes.C)) {
            assertThat(run(next, "import os\nprint(os.listdir('/linked'))").stdout())
                    .isEqualTo("[]\n");
        }
    }

    /**
     * Programs run at nice 19, which yields to the worker's own threads where they share a scheduling
     * group (a pod's cgroup); the sandbox's autogroup (its own session's, where the kernel has
     * autogroups, sched(7)) stays at 0, a plain session's weight: at 19 any other session's process,
     * a `nice -n 19` build among them, took the CPU from the judge's runs.
     */
    @Test
    void programsRunAtNice19AndTheirAutogroupAtAPlainSessionsWeight() throws Exception {
        try (Sandbox session = sandbox.open(TestSandboxes.C)) {
            RunOutcome outcome = run(session, """
                    import os
                    autogroup = "none"
                    if os.path.exists("/proc/self/autogroup"):
                        autogroup = open("/proc/self/autogroup").read().split()[-1]
                    print(os.getpriority(os.PRIO_PROCESS, 0), autogroup)
                    """);
            String expected = Files.exists(Path.of("/proc/self/autogroup")) ? "19 0\n" : "19 none\n";
            assertThat(outcome.stdout()).isEqualTo(expected);
        }
    }

    /**
     * judge-init's requests are NUL-separated fields: an argument holding a NUL would end its field and
     * make the rest a field of the request's own (here, a descriptor limit and an environment variable).
     * The request is refused before it is sent, and the sandbox serves the next run as before.
     */
    @Test
    void anArgumentHoldingANulCannotAddFieldsToTheSandboxsRequest() throws Exception {
        try (Sandbox session = sandbox.open(TestSandboxes.C)) {
            Files.writeString(
                    session.folder().resolve("main.py"),
                    "import os, resource, sys\n"
                            + "print(sys.argv[1:], os.environ.get('INJECTED'), resource.getrlimit(resource.RLIMIT_NOFILE))\n");
            RunSpec injected = new RunSpec(
                    List.of("python3", "main.py", "x\0env=INJECTED=yes\0nofile=77"),
                    null,
                    Duration.ofSeconds(2),
                    Duration.ofSeconds(5),
                    256L << 20,
                    1 << 20);

            assertThatThrownBy(() -> session.run(injected))
                    .isInstanceOf(java.io.IOException.class)
                    .hasMessageContaining("A NUL in a sandbox request's field: arg=");
            assertThat(run(session, "print('still serving')").stdout()).isEqualTo("still serving\n");
        }
    }

    private static RunOutcome run(Sandbox session, String program) throws Exception {
        Files.writeString(session.folder().resolve("main.py"), program);
        return session.run(new RunSpec(
                List.of("python3", "main.py"),
                null,
                Duration.ofSeconds(2),
                Duration.ofSeconds(5),
                256L << 20,
                1 << 20));
    }
}
