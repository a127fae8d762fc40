package dev.judge.worker.sandbox;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The isolation layers this worker has, found at start-up.
 *
 * @param bubblewrapVersion namespaces: always required
 * @param separateUids whether sandboxes run as uids of their own (the worker is root and can drop to
 *        them); otherwise they run as the worker's uid, inside a user namespace
 * @param cgroups per-sandbox memory and task limits, when a writable cgroup tree exists
 * @param nice the niceness programs run at
 * @param cpuWaitsMeasured whether the kernel reports tasks' run-queue delays ({@code /proc/<pid>/schedstat},
 *        CONFIG_SCHED_INFO), which a run's own clock leaves out; without them every wait counts
 */
record Isolation(
        String bubblewrapVersion,
        boolean separateUids,
        Optional<CgroupDriver> cgroups,
        int nice,
        boolean cpuWaitsMeasured) {

    String describe() {
        List<String> layers = new ArrayList<>();
        layers.add("namespaces (" + bubblewrapVersion + ": user, pid, mount, network, ipc, uts, cgroup)");
        layers.add(
                separateUids
                        ? "a separate unprivileged uid per sandbox, no capabilities, no-new-privs"
                        : "the worker's own uid inside a user namespace, no capabilities");
        layers.add(cgroups.map(CgroupDriver::describe)
                .orElse("no cgroup: memory and processes limited per process by rlimits"));
        layers.add("rlimits (cpu, data, fsize, nofile, nproc, core, msgqueue), nice " + nice);
        layers.add(
                cpuWaitsMeasured
                        ? "wall clocks that leave out waits for a CPU"
                        : "wall clocks that count waits for a CPU (this kernel reports no run-queue delays)");
        return String.join("; ", layers);
    }
}
