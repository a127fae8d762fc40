package dev.judge.api.submission;

import io.swagger.v3.oas.annotations.media.Schema;

import dev.judge.contracts.Verdict;
import dev.judge.contracts.stored.StoredResult;

/**
 * One run of a submission as clients see it.
 *
 * @param cpuTimeMs absent when not measured
 * @param memoryKb peak memory; absent when not measured
 * @param exitCode absent when the program was killed by a signal
 * @param signal the signal that ended the program, if any
 * @param output what the program printed (size-capped); only for runs on stdin
 * @param group its subtask, if the problem has subtasks
 * @param score its share of the points in [0, 1]; absent for runs on stdin
 * @param checkerMessage what a custom checker or interactor said of it (size-capped); a package validator's
 *     teammessage.txt
 * @param judgeMessage what a package validator said of it for the judges alone (size-capped): shown to the
 *     admin and the problem's owner, never to another key
 */
// Named as in the OpenAPI document before the REST views had types of their own.
@Schema(name = "TestCaseResult")
public record TestCaseView(
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED) int index,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED) Verdict verdict,
        Long cpuTimeMs,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED) long wallTimeMs,
        Long memoryKb,
        Integer exitCode,
        Integer signal,
        String output,
        String group,
        Double score,
        String checkerMessage,
        String judgeMessage) {

    /** The one mapping from what is stored to what is shown. */
    static TestCaseView of(StoredResult.TestCase run) {
        return new TestCaseView(
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
                run.judgeMessage());
    }

    /** Without what is for the judges alone. */
    TestCaseView forTheTeam() {
        return judgeMessage == null
                ? this
                : new TestCaseView(
                        index,
                        verdict,
                        cpuTimeMs,
                        wallTimeMs,
                        memoryKb,
                        exitCode,
                        signal,
                        output,
                        group,
                        score,
                        checkerMessage,
                        null);
    }
}
