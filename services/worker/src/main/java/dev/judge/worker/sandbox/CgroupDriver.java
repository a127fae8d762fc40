package dev.judge.worker.sandbox;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Creates per-sandbox cgroups under the worker's own cgroup, with whichever cgroup version the host
 * offers writable. Inside an unprivileged pod the tree is usually read-only: then there is no driver
 * and the sandbox relies on rlimits alone.
 */
interface CgroupDriver {

    /** e.g. "cgroup v2 (memory, pids)" */
    String describe();

    Cgroup create(String name) throws IOException;

    /** The directories of the sandboxes' cgroups that exist now, for every controller. */
    List<Path> sandboxCgroups() throws IOException;

    /** The cgroup directories directly under {@code parent}. */
    static List<Path> children(Path parent) throws IOException {
        try (Stream<Path> entries = Files.list(parent)) {
            return entries.filter(Files::isDirectory).toList();
        }
    }

    /**
     * @param root the cgroup mount, normally {@code /sys/fs/cgroup}
     * @param selfCgroup the worker's {@code /proc/self/cgroup}
     */
    static Optional<CgroupDriver> detect(Path root, List<String> selfCgroup) {
        Logger log = LoggerFactory.getLogger(CgroupDriver.class);
        try {
            if (Files.exists(root.resolve("cgroup.controllers"))) {
                return Optional.of(CgroupV2Driver.create(root, selfCgroup));
            }
            if (Files.isDirectory(root.resolve("memory")) && Files.isDirectory(root.resolve("pids"))) {
                return Optional.of(CgroupV1Driver.create(root, selfCgroup));
            }
            log.info("No cgroup memory and pids controllers under {}", root);
        } catch (IOException | RuntimeException e) {
            log.info("Cgroups under {} are not usable: {}", root, e.toString());
        }
        return Optional.empty();
    }

    /** The path of the worker's cgroup in one hierarchy: "memory" for v1, "" for the v2 unified one. */
    static String ownPath(List<String> selfCgroup, String controller) {
        for (String line : selfCgroup) {
            String[] parts = line.split(":", 3);
            if (parts.length == 3 && List.of(parts[1].split(",")).contains(controller)) {
                return parts[2];
            }
        }
        throw new IllegalStateException("Not in any " + (controller.isEmpty() ? "unified" : controller) + " cgroup");
    }

    /** Removes a cgroup directory, waiting briefly for the kernel to finish tearing its tasks down. */
    static void remove(Path directory) {
        for (int attempt = 0; attempt < 50 && Files.exists(directory); attempt++) {
            try {
                Files.deleteIfExists(directory);
            } catch (IOException e) {
                try {
                    Thread.sleep(10);
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }

    /**
     * Leftovers of workers that were killed. Sandbox cgroups are named "{worker pid}-..." and several
     * workers may share the parent, so only those of workers no longer alive go: another worker's
     * cgroup is empty for a moment between its creation and its first process, and removing it then
     * broke that worker's start (seen with ten workers starting at once in tests/autoscaling).
     */
    static void removeLeftoversOfDeadWorkers(Path parent) throws IOException {
        try (var children = Files.list(parent)) {
            children.filter(Files::isDirectory)
                    .filter(CgroupDriver::ofDeadWorker)
                    .forEach(child -> {
                        try {
                            Files.deleteIfExists(child);
                        } catch (IOException inUse) {
                            // a process of it is still running; the kernel refuses
                        }
                    });
        }
    }

    private static boolean ofDeadWorker(Path cgroup) {
        String name = cgroup.getFileName().toString();
        int dash = name.indexOf('-');
        try {
            long pid = Long.parseLong(dash < 0 ? name : name.substring(0, dash));
            return ProcessHandle.of(pid).isEmpty();
        } catch (NumberFormatException notOurs) {
            return false;
        }
    }

    static long oomKillCount(Path file) throws IOException {
        for (String line : Files.readAllLines(file)) {
            if (line.startsWith("oom_kill ")) {
                return Long.parseLong(line.substring("oom_kill ".length()).strip());
            }
        }
        return 0;
    }
}
