package dev.judge.contracts;

import java.util.List;

/**
 * How a submission is judged: each kind is built and run its own way, by a class of its own in the
 * worker (docs/problems.md, "Task types"). Several passes of a test are a loop around one kind's pass,
 * not a kind. A request names its kind since contract version 17; an older one's is read once from what
 * it carries, where it is read ({@link JudgeRequest}'s constructor).
 */
public enum TaskKind {
    /** The program (with the problem's graders, where it has them) runs on each test; its output is checked. */
    BATCH,
    /**
     * The program talks to the problem's interactor through pipes on each test; the interactor decides,
     * with a checker of what it wrote where the problem has one.
     */
    INTERACTIVE,
    /** Several instances of the program at once, each talking to the problem's manager through pipes of its own. */
    COMMUNICATION,
    /** Nothing is compiled or run: the output submitted for each test is checked. */
    OUTPUT_ONLY;

    /**
     * The kind of a problem's submission by what it carries: its outputs (null for a program), the
     * problem's interactor and how many instances a test runs. A request that names no kind is this.
     */
    public static TaskKind of(List<String> outputs, ProblemProgram interactor, JudgeRequest.Runs runs) {
        if (outputs != null) {
            return OUTPUT_ONLY;
        }
        if (interactor == null) {
            return BATCH;
        }
        return runs != null && runs.instances() > 1 ? COMMUNICATION : INTERACTIVE;
    }

    /** Whether the program runs beside an interactor (or a manager) on each test. */
    public boolean talksToInteractor() {
        return this == INTERACTIVE || this == COMMUNICATION;
    }
}
