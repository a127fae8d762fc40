package dev.judge.worker.judging;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import dev.judge.contracts.Checker;
import dev.judge.contracts.JudgeRequest;
import dev.judge.contracts.JudgeRequest.TestCase;
import dev.judge.contracts.JudgeResult;
import dev.judge.contracts.JudgeResult.TestCaseResult;
import dev.judge.contracts.ProblemProgram;
import dev.judge.contracts.Verdict;

/**
 * Output-only problems: the submitted outputs judged by the problem's checker, built in or the
 * setter's own in its sandbox, with nothing of the contestant's compiled or run.
 */
class OutputOnlyIT extends RealJudge {

    private static final List<TestCase> PERMUTATIONS =
            List.of(new TestCase("3\n", "1 2 3\n"), new TestCase("4\n", "1 2 3 4\n"), new TestCase("2\n", "1 2\n"));

    @Test
    void eachOutputIsComparedWithItsAnswerAndAMissingOneIsAWrongAnswerThatSaysSo() {
        JudgeResult result = judge(Checker.EXACT, "1 2 3\n", "4 3 2 1\n", null);

        assertThat(result.testCases())
                .extracting(TestCaseResult::verdict)
                .containsExactly(Verdict.ACCEPTED, Verdict.WRONG_ANSWER, Verdict.WRONG_ANSWER);
        assertThat(result.testCases().get(2).checkerMessage()).isEqualTo("no output was submitted for test 3");
        assertThat(result.verdict()).isEqualTo(Verdict.WRONG_ANSWER);
        assertThat(result.compilerOutput()).isNull();
    }

    @Test
    void aCustomCheckerJudgesEachOutputInItsOwnSandbox() throws IOException {
        String source = Files.readString(Path.of("src/test/resources/judge-setters/permutation-checker.cpp"));
        Checker permutation = new Checker(Checker.Kind.CUSTOM, null, new ProblemProgram("cpp", source, Map.of()));

        JudgeResult result = judge(permutation, "3 1 2\n", "4 3 2 1\n", "2 2\n");

        assertThat(result.testCases())
                .extracting(TestCaseResult::verdict)
                .containsExactly(Verdict.ACCEPTED, Verdict.ACCEPTED, Verdict.WRONG_ANSWER);
        assertThat(result.testCases().get(2).checkerMessage()).isEqualTo("2 is not in 1..2 or repeated");
        assertThat(result.score()).as("all or nothing, without groups").isZero();
    }

    @Test
    void anOutputThatLooksLikeAPathOrAProgramIsOnlyText() {
        JudgeResult result = judge(Checker.EXACT, "../../../../etc/passwd", "#!/bin/sh\nrm -rf /\n", "\u0000");

        assertThat(result.testCases()).extracting(TestCaseResult::verdict).containsOnly(Verdict.WRONG_ANSWER);
    }

    /** Every test judged (not only up to the first failure), with these outputs in their order. */
    private static JudgeResult judge(Checker checker, String... outputs) {
        JudgeRequest request = new JudgeRequest(
                        UUID.randomUUID(),
                        JudgeRequest.OUTPUT_ONLY,
                        "",
                        new JudgeRequest.Limits(1000, 64),
                        checker.asComparison(),
                        checker,
                        null,
                        List.of(),
                        false,
                        PERMUTATIONS,
                        Instant.now(),
                        null,
                        1)
                .withOutputs(Arrays.asList(outputs));
        return judge.judge(request, Instant.now());
    }
}
