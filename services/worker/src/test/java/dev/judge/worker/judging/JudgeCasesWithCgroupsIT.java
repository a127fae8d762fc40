package dev.judge.worker.judging;

import static org.assertj.core.api.Assumptions.assumeThat;

import org.junit.jupiter.api.BeforeAll;

import dev.judge.worker.sandbox.TestSandboxes;

/** The cases with every layer this host allows, cgroups included (skipped where it has none). */
class JudgeCasesWithCgroupsIT extends JudgeCases {

    @BeforeAll
    static void start() {
        startSandboxes("AUTO");
        assumeThat(TestSandboxes.hasCgroups(sandbox))
                .as("a writable cgroup tree")
                .isTrue();
    }
}
