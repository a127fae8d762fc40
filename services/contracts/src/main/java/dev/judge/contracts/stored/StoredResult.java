package dev.judge.contracts.stored;

import java.util.List;

import dev.judge.contracts.JudgeResult;
import dev.judge.contracts.Verdict;

/**
 * The JSON in {@code submission.result}: what the result consumer records of a finished judgement and
 * the API reads back. Its own type, so that the message ({@link JudgeResult}) can change without
 * changing what is stored, and the REST view without either. Rows written before it held the whole
 * message; their extra members are ignored on reading.
 *
 * @param compilerOutput the compiler's messages, size-capped; null for an interpreted language
 * @param testCases one per run, in order
 * @param score null for runs without a problem, and in rows written before scores
 * @param groups the subtasks' outcomes; empty without subtasks
 */
public record StoredResult(
        String compilerOutput, List<TestCase> testCases, Double score, Double maxScore, List<Group> groups) {

    public StoredResult {
        groups = groups == null ? List.of() : groups;
    }

    /**
     * One run, as measured.
     *
     * @param cpuTimeMs null when not measured
     * @param memoryKb null when not measured
     * @param exitCode null when killed by a signal or never started
     * @param signal the signal that ended the program, if any
     * @param output what the program printed (size-capped); only for runs without expected output
     * @param group its subtask, if any
     * @param score its share of the points in [0, 1]; null for runs without a problem
     * @param checkerMessage what a custom checker or interactor said of it for the contestant
     * @param judgeMessage what a package validator said of it for the judges alone (the admin and the
     *     problem's owner); null for other programs and in results stored before it was kept
     */
    public record TestCase(
            int index,
            Verdict verdict,
            Long cpuTimeMs,
            long wallTimeMs,
            Long memoryKb,
            Integer exitCode,
            Integer signal,
            String output,
            String group,
            Double score,
            String checkerMessage,
            String judgeMessage) {}

    /** A subtask's outcome; {@code verdict} is null when it was skipped. */
    public record Group(String name, double points, double score, Verdict verdict, boolean skipped) {}

    /** The one mapping from the message to what is stored. */
    public static StoredResult of(JudgeResult result) {
        return new StoredResult(
                result.compilerOutput(),
                result.testCases().stream()
                        .map(run -> new TestCase(
                                run.index(),
                                run.verdict(),
                                run.cpuTimeMs(),
                                run.wallTimeMs(),
                                run.memoryKb(),
                                run.exitCode(),
                                run.signal(),
                                run.output(),
                                run.group(),
                                run.score(),
                                run.checkerMessage(),
                                run.judgeMessage()))
                        .toList(),
                result.score(),
                result.maxScore(),
                result.groups().stream()
                        .map(group -> new Group(
                                group.name(), group.points(), group.score(), group.verdict(), group.skipped()))
                        .toList());
    }
}
