package dev.judge.worker.judging;

import java.io.IOException;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

import dev.judge.worker.sandbox.BusyNeighbours;

/**
 * The cases on a busy machine: more CPU-bound processes than cores beside the sandboxes, each started
 * as a background build is ({@code setsid nice -n 19}), for as long as the cases run. Their verdicts
 * must be those of a quiet machine: the time a program waits for a CPU is not its own.
 *
 * <p>Every case is judged with cgroups once, here or in {@link JudgeCasesWithCgroupsIT}: each language's
 * time-limit and compile-error cases there, on a quiet machine, and the rest here. What decides those
 * two on a busy machine (a run stopped at its CPU or wall limit, a build at its time limit or refused)
 * is the same for every language, and the language-independent cases take it under load (infinite-loop,
 * sleep-forever, fork-bomb, compile-bomb-*, compile-error); a language's own wiring of it does not
 * depend on the load. The quiet machine's verdict of every case is also the containers tier's
 * (tests/containers/test_judging.py, rlimits only).
 */
class JudgeCasesBesideBusyNeighboursIT extends JudgeCases {

    private static BusyNeighbours busy;

    /** Hides {@link JudgeCases#cases()} for this class's {@code @MethodSource("cases")}. */
    static Stream<String> cases() throws IOException {
        return JudgeCases.cases().filter(JudgeCases::judgedBesideBusyNeighbours);
    }

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
