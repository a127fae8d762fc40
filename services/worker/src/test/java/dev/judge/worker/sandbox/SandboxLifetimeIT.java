package dev.judge.worker.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * bubblewrap's --die-with-parent kills a sandbox when the thread that spawned it ends (the parent-death
 * signal follows the thread, not the process). A sandbox must survive whichever thread asked for it,
 * and none may outlive its pool.
 */
class SandboxLifetimeIT {

    private static Sandboxes sandbox;

    @BeforeAll
    static void startOneSandbox() {
        sandbox = TestSandboxes.startPool(TestSandboxes.sandboxProperties(Map.of("judge.sandbox.pool-size", "1")));
    }

    @AfterAll
    static void stop() {
        TestSandboxes.stop(sandbox);
    }

    @Test
    void aSandboxOutlivesTheThreadThatOpenedIt() throws Exception {
        try (Sandbox held = sandbox.open(TestSandboxes.C)) { // the ready one: the next open starts a new sandbox
            AtomicReference<Sandbox> opened = new AtomicReference<>();
            Thread shortLived = Thread.ofPlatform().start(() -> {
                try {
                    opened.set(sandbox.open(TestSandboxes.C));
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            shortLived.join();
            Thread.sleep(500); // the thread is gone; a parent-death signal would have arrived by now

            try (Sandbox session = opened.get()) {
                RunOutcome outcome = session.run(new RunSpec(
                        List.of("true"), null, Duration.ofSeconds(2), Duration.ofSeconds(5), 64L << 20, 1 << 20));
                assertThat(outcome.exitedZero()).as("%s", outcome).isTrue();
            }
            assertThat(held.run(new RunSpec(
                                    List.of("true"),
                                    null,
                                    Duration.ofSeconds(2),
                                    Duration.ofSeconds(5),
                                    64L << 20,
                                    1 << 20))
                            .exitedZero())
                    .isTrue();
        }
    }

    /**
     * A sandbox replaced after its last submission is started in the background; stopping the pool
     * meanwhile must wait for it and remove it. Left running, it deleted its folder later, when a
     * new pool in the same work dir (a restarted worker, the next test class) had a sandbox of the
     * same name there: that run's files vanished, and a program over the disk limit was ACCEPTED.
     */
    @Test
    void stoppingThePoolRemovesASandboxStillBeingStarted() throws Exception {
        Path workDir = Files.createDirectories(TestSandboxes.WORK_DIR.resolveSibling("sandbox-stop-tests"));
        Path slowBubblewrap = workDir.resolve("slow-bwrap");
        Files.writeString(slowBubblewrap, "#!/bin/sh\nsleep 0.5\nexec bwrap \"$@\"\n");
        Files.setPosixFilePermissions(slowBubblewrap, PosixFilePermissions.fromString("rwxr-xr-x"));
        Sandboxes pool = TestSandboxes.startPool(TestSandboxes.sandboxProperties(Map.of(
                "judge.sandbox.pool-size",
                "1",
                "judge.sandbox.reuse",
                "1",
                "judge.sandbox.bubblewrap",
                slowBubblewrap.toString(),
                "judge.sandbox.work-dir",
                workDir.toString())));
        try {
            pool.open(TestSandboxes.C).close(); // served its one submission: replaced by a sandbox started now
            Thread.sleep(100); // the replacement is starting (it takes 500 ms and more)
        } finally {
            TestSandboxes.stop(pool);
        }
        try (Stream<Path> boxes = Files.list(workDir.resolve("boxes"))) {
            assertThat(boxes).as("sandboxes left when the pool stopped").isEmpty();
        }
    }
}
