package dev.judge.worker.sandbox;

import java.io.IOException;

/**
 * The cgroup of one sandbox: the hard limits rlimits cannot give (memory across all of a program's
 * processes, the number of tasks however they are created) and a count of OOM kills, so that a
 * program killed for memory gets MEMORY_LIMIT_EXCEEDED rather than RUNTIME_ERROR.
 */
interface Cgroup extends AutoCloseable {

    /** Moves a process (and so every process it starts later) into this cgroup. */
    void add(long pid) throws IOException;

    void limit(long memoryBytes, int maxTasks) throws IOException;

    /** How many processes the kernel has killed for exceeding this cgroup's memory so far. */
    long oomKills() throws IOException;

    /** Removes the cgroup; its processes must be gone. */
    @Override
    void close();
}
