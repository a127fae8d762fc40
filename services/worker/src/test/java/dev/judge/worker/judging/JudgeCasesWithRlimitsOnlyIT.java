package dev.judge.worker.judging;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.condition.DisabledIfSystemProperty;

/**
 * The cases as an unprivileged pod runs them: no cgroup, per-process rlimits only.
 *
 * <p>make test judges every case so once, in its containers tier: through the worker's image with its
 * pod's settings, whose cgroup tree is read-only (tests/containers/test_judging.py, and
 * test_pod_settings.py's check of the isolation the worker logs). So hack/test.sh leaves this class
 * out of its Maven run ({@code -Djudge.cases.rlimits-only=in-containers}); make test-it runs it.
 */
@DisabledIfSystemProperty(named = "judge.cases.rlimits-only", matches = "in-containers")
class JudgeCasesWithRlimitsOnlyIT extends JudgeCases {

    @BeforeAll
    static void start() {
        startSandboxes("DISABLED");
    }
}
