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
 */
public record StoredResult(String compilerOutput, List<TestCase> testCases) {

    /**
     * One run, as measured.
     *
     * @param cpuTimeMs null when not measured
     * @param memoryKb null when not measured
     * @param exitCode null when killed by a signal or never started
     * @param signal the signal that ended the program, if any
     * @param output what the program printed (size-capped); only for runs without expected output
     */
    public record TestCase(int index, Verdict verdict, Long cpuTimeMs, long wallTimeMs, Long memoryKb, Integer exitCode,
            Integer signal, String output) {
    }

    /** The one mapping from the message to what is stored. */
    public static StoredResult of(JudgeResult result) {
        return new StoredResult(result.compilerOutput(), result.testCases().stream()
                .map(run -> new TestCase(run.index(), run.verdict(), run.cpuTimeMs(), run.wallTimeMs(), run.memoryKb(),
                        run.exitCode(), run.signal(), run.output()))
                .toList());
    }
}
