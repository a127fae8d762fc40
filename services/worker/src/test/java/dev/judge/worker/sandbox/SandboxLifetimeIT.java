package dev.judge.worker.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * bubblewrap's --die-with-parent kills a sandbox when the thread that spawned it ends (the parent-death
 * signal follows the thread, not the process). A sandbox must survive whichever thread asked for it.
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
        try (Sandbox held = sandbox.open()) { // the ready one: the next open starts a new sandbox
            AtomicReference<Sandbox> opened = new AtomicReference<>();
            Thread shortLived = Thread.ofPlatform().start(() -> {
                try {
                    opened.set(sandbox.open());
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
}
