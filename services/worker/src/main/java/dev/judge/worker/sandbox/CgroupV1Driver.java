package dev.judge.worker.sandbox;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** cgroup v1: separate memory and pids hierarchies (hosts that still boot with it). */
final class CgroupV1Driver implements CgroupDriver {

    private final Path memoryParent;
    private final Path pidsParent;

    private CgroupV1Driver(Path memoryParent, Path pidsParent) {
        this.memoryParent = memoryParent;
        this.pidsParent = pidsParent;
    }

    static CgroupV1Driver create(Path root, List<String> selfCgroup) throws IOException {
        Path memory = root.resolve("memory")
                .resolve(relative(CgroupDriver.ownPath(selfCgroup, "memory")))
                .resolve("judge-sandboxes");
        Path pids = root.resolve("pids")
                .resolve(relative(CgroupDriver.ownPath(selfCgroup, "pids")))
                .resolve("judge-sandboxes");
        Files.createDirectories(memory);
        Files.createDirectories(pids);
        if (!Files.exists(memory.resolve("memory.oom_control"))) {
            throw new IOException(memory + " has no memory.oom_control");
        }
        CgroupDriver.removeLeftoversOfDeadWorkers(memory);
        CgroupDriver.removeLeftoversOfDeadWorkers(pids);
        return new CgroupV1Driver(memory, pids);
    }

    @Override
    public String describe() {
        return "cgroup v1 (memory, pids) under " + memoryParent.getParent();
    }

    @Override
    public List<Path> sandboxCgroups() throws IOException {
        return Stream.concat(CgroupDriver.children(memoryParent).stream(), CgroupDriver.children(pidsParent).stream())
                .toList();
    }

    @Override
    public Cgroup create(String name) throws IOException {
        Path memory = Files.createDirectories(memoryParent.resolve(name));
        Path pids = Files.createDirectories(pidsParent.resolve(name));
        return new Cgroup() {
            @Override
            public void add(long pid) throws IOException {
                Files.writeString(memory.resolve("cgroup.procs"), Long.toString(pid));
                Files.writeString(pids.resolve("cgroup.procs"), Long.toString(pid));
            }

            @Override
            public void limit(long memoryBytes, int maxTasks) throws IOException {
                Path memoryOnly = memory.resolve("memory.limit_in_bytes");
                // Where swap is accounted, the same limit on memory + swap keeps a program from
                // swapping. The kernel insists on memory <= memory + swap at every step, so the
                // order of the two writes depends on whether the limit goes up or down.
                Path withSwap = memory.resolve("memory.memsw.limit_in_bytes");
                if (!Files.exists(withSwap)) {
                    Files.writeString(memoryOnly, Long.toString(memoryBytes));
                } else if (memoryBytes
                        > Long.parseLong(Files.readString(memoryOnly).strip())) {
                    Files.writeString(withSwap, Long.toString(memoryBytes));
                    Files.writeString(memoryOnly, Long.toString(memoryBytes));
                } else {
                    Files.writeString(memoryOnly, Long.toString(memoryBytes));
                    Files.writeString(withSwap, Long.toString(memoryBytes));
                }
                Files.writeString(pids.resolve("pids.max"), Integer.toString(maxTasks));
            }

            @Override
            public long oomKills() throws IOException {
                return CgroupDriver.oomKillCount(memory.resolve("memory.oom_control"));
            }

            @Override
            public void close() {
                CgroupDriver.remove(memory);
                CgroupDriver.remove(pids);
            }
        };
    }

    private static String relative(String path) {
        return path.startsWith("/") ? path.substring(1) : path;
    }
}
