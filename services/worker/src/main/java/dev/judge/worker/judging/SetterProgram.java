package dev.judge.worker.judging;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import dev.judge.contracts.ProblemProgram;
import dev.judge.worker.judging.TestlibVerdicts.Judgement;
import dev.judge.worker.sandbox.Sandbox;
import dev.judge.worker.sandbox.SandboxFiles;

/**
 * A setter's program (a checker or an interactor) built and copied into the sandbox it runs in, this
 * submission's own.
 *
 * @param asked the program as the problem gives it: how it is run ({@link ProblemProgram.Protocol})
 */
record SetterProgram(Sandbox box, SetterPrograms.Built program, ProblemProgram asked) {

    /** The files a package's output validator may leave in its feedback folder, which is its own. */
    static final List<String> FEEDBACK_FILES =
            List.of("judgemessage.txt", "teammessage.txt", "score.txt", "score_multiplier.txt");

    /** A score file holds one number; more than this is not one. */
    private static final long SCORE_LIMIT = 64;

    /** Null when there is no such program: a problem without a custom checker, or not interactive. */
    static SetterProgram in(Sandbox box, SetterPrograms.Built program, ProblemProgram asked) throws IOException {
        if (program == null) {
            return null;
        }
        program.copyInto(box.folder());
        return new SetterProgram(box, program, asked);
    }

    Path file(String name) {
        return box.folder().resolve(name);
    }

    boolean isValidator() {
        return asked.protocol() == ProblemProgram.Protocol.KATTIS;
    }

    /** Whether it is CMS's comparator: a checker that prints the test's share on stdout ({@link TestlibVerdicts#cmsCompared}). */
    boolean isComparator() {
        return asked.protocol() == ProblemProgram.Protocol.CMS;
    }

    /**
     * Its command on one test: testlib's {@code input output answer}, CMS's comparator's {@code input answer
     * output}, or a validator's {@code input answer feedback_dir/} and its arguments, its folder the
     * feedback folder.
     */
    List<String> command() {
        if (isComparator()) {
            return program.command(List.of(SetterPrograms.INPUT, SetterPrograms.ANSWER, SetterPrograms.OUTPUT));
        }
        if (!isValidator()) {
            return program.command();
        }
        List<String> arguments = new ArrayList<>(
                List.of(SetterPrograms.INPUT, SetterPrograms.ANSWER, SetterPrograms.FEEDBACK_DIRECTORY));
        arguments.addAll(asked.arguments());
        return program.command(arguments);
    }

    /** What a validator left for the team and for the judges; null for a testlib program. */
    TestlibVerdicts.Feedback feedback(long limit) throws IOException {
        if (!isValidator()) {
            return null;
        }
        return new TestlibVerdicts.Feedback(
                SandboxFiles.readRegularText(file(FEEDBACK_FILES.get(1)), limit),
                SandboxFiles.readRegularText(file(FEEDBACK_FILES.get(0)), limit));
    }

    /** A validator's judgement with the score it left ({@link TestlibVerdicts#validatorScored}). */
    Judgement scored(Judgement validated, double worth) throws IOException {
        return TestlibVerdicts.validatorScored(
                validated,
                SandboxFiles.readRegularText(file(FEEDBACK_FILES.get(2)), SCORE_LIMIT),
                SandboxFiles.readRegularText(file(FEEDBACK_FILES.get(3)), SCORE_LIMIT),
                worth);
    }
}
