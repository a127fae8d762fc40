package dev.judge.worker.judging;

import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.IOException;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeAll;

import dev.judge.worker.sandbox.TestSandboxes;

/**
 * The cases with every layer this host allows, cgroups included (skipped where it has none), on a quiet
 * machine: those {@link JudgeCasesBesideBusyNeighboursIT} leaves out, so that each case is judged with
 * cgroups once.
 */
class JudgeCasesWithCgroupsIT extends JudgeCases {

    /** Hides {@link JudgeCases#cases()} for this class's {@code @MethodSource("cases")}. */
    static Stream<String> cases() throws IOException {
        return JudgeCases.cases().filter(name -> !judgedBesideBusyNeighbours(name));
    }

    @BeforeAll
    static void start() {
        startSandboxes("AUTO");
        assumeThat(TestSandboxes.hasCgroups(sandbox))
                .as("a writable cgroup tree")
                .isTrue();
    }
}
