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
 */
record Isolation(String bubblewrapVersion, boolean separateUids, Optional<CgroupDriver> cgroups, int nice) {

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
        return String.join("; ", layers);
    }
}
