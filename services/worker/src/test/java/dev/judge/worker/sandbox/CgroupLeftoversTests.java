package dev.judge.worker.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A starting worker clears the sandbox cgroups killed workers left, and only those: workers on one
 * host share the parent, and a live worker's new cgroup is empty until its first process joins.
 */
class CgroupLeftoversTests {

    @TempDir
    Path sandboxes;

    @Test
    void removesTheCgroupsOfDeadWorkersOnly() throws IOException {
        long livePid = ProcessHandle.current().pid();
        Path live = Files.createDirectory(sandboxes.resolve(livePid + "-box-1"));
        Path dead = Files.createDirectory(sandboxes.resolve(deadPid() + "-box-1"));
        Path notOurs = Files.createDirectory(sandboxes.resolve("something-else"));

        CgroupDriver.removeLeftoversOfDeadWorkers(sandboxes);

        assertThat(live).exists();
        assertThat(notOurs).exists();
        assertThat(dead).doesNotExist();
    }

    private static long deadPid() {
        long pid = 4_000_000; // beyond most hosts' pid_max; else the first free pid above it
        while (ProcessHandle.of(pid).isPresent()) {
            pid++;
        }
        return pid;
    }
}
