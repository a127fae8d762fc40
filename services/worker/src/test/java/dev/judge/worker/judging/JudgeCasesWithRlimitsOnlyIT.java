package dev.judge.worker.judging;

import org.junit.jupiter.api.BeforeAll;

/** The cases as an unprivileged pod runs them: no cgroup, per-process rlimits only. */
class JudgeCasesWithRlimitsOnlyIT extends JudgeCases {

    @BeforeAll
    static void start() {
        startSandboxes("DISABLED");
    }
}
