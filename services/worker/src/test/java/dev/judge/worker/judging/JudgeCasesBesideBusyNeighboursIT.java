package dev.judge.worker.judging;

import java.io.IOException;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

import dev.judge.worker.sandbox.BusyNeighbours;

/**
 * The cases on a busy machine: more CPU-bound processes than cores beside the sandboxes, each started
 * as a background build is ({@code setsid nice -n 19}), for as long as the cases run. Their verdicts
 * must be those of a quiet machine: the time a program waits for a CPU is not its own.
 */
class JudgeCasesBesideBusyNeighboursIT extends JudgeCases {

    private static BusyNeighbours busy;

    @BeforeAll
    static void start() throws IOException {
        busy = BusyNeighbours.start(Math.max(3, Runtime.getRuntime().availableProcessors() + 1), -1);
        neighbours.addAll(busy.pids());
        startSandboxes("AUTO");
    }

    @AfterAll
    static void stopNeighbours() {
        busy.close();
        neighbours.clear();
    }
}
