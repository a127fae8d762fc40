package dev.judge.worker.sandbox;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * cgroup v2 (kind nodes, current hosts). v2 forbids processes in a cgroup whose controllers are
 * delegated to children, so the worker first moves itself into a leaf of its own cgroup, then
 * enables memory and pids for the sandboxes' subtree.
 */
final class CgroupV2Driver implements CgroupDriver {

    private final Path parent;

    private CgroupV2Driver(Path parent) {
        this.parent = parent;
    }

    static CgroupV2Driver create(Path root, List<String> selfCgroup) throws IOException {
        String own = CgroupDriver.ownPath(selfCgroup, "");
        Path base = root.resolve(own.startsWith("/") ? own.substring(1) : own);
        String available = Files.readString(base.resolve("cgroup.controllers"));
        if (!available.contains("memory") || !available.contains("pids")) {
            throw new IOException(
                    "memory and pids controllers are not delegated to " + base + " (have: " + available.strip() + ")");
        }
        if (!enabled(base)) {
            Path leaf = Files.createDirectories(base.resolve("worker"));
            Files.writeString(
                    leaf.resolve("cgroup.procs"),
                    Long.toString(ProcessHandle.current().pid()));
            Files.writeString(base.resolve("cgroup.subtree_control"), "+memory +pids");
        }
        Path sandboxes = Files.createDirectories(base.resolve("judge-sandboxes"));
        if (!enabled(sandboxes)) {
            Files.writeString(sandboxes.resolve("cgroup.subtree_control"), "+memory +pids");
        }
        CgroupDriver.removeLeftoversOfDeadWorkers(sandboxes);
        return new CgroupV2Driver(sandboxes);
    }

    private static boolean enabled(Path cgroup) throws IOException {
        String delegated = Files.readString(cgroup.resolve("cgroup.subtree_control"));
        return delegated.contains("memory") && delegated.contains("pids");
    }

    @Override
    public List<Path> sandboxCgroups() throws IOException {
        return CgroupDriver.children(parent);
    }

    @Override
    public String describe() {
        return "cgroup v2 (memory, pids) under " + parent;
    }

    @Override
    public Cgroup create(String name) throws IOException {
        Path cgroup = Files.createDirectories(parent.resolve(name));
        return new Cgroup() {
            @Override
            public void add(long pid) throws IOException {
                Files.writeString(cgroup.resolve("cgroup.procs"), Long.toString(pid));
            }

            @Override
            public void limit(long memoryBytes, int maxTasks) throws IOException {
                Files.writeString(cgroup.resolve("memory.max"), Long.toString(memoryBytes));
                Path swap = cgroup.resolve("memory.swap.max");
                if (Files.exists(swap)) {
                    Files.writeString(swap, "0");
                }
                Files.writeString(cgroup.resolve("pids.max"), Integer.toString(maxTasks));
            }

            @Override
            public long oomKills() throws IOException {
                return CgroupDriver.oomKillCount(cgroup.resolve("memory.events"));
            }

            @Override
            public void close() {
                CgroupDriver.remove(cgroup);
            }
        };
    }
}
