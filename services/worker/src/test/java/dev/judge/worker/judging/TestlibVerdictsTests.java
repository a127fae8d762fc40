package dev.judge.worker.judging;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import dev.judge.contracts.Verdict;
import dev.judge.worker.sandbox.RunOutcome;
import dev.judge.worker.sandbox.RunSpec;

/** Every rule of a setter's program's verdict: a checker's exit codes, and who wins in an interactive test. */
class TestlibVerdictsTests {

    private static final RunSpec LIMITS = new RunSpec(List.of("./main"), null, Duration.ofSeconds(1),
            Duration.ofSeconds(3), 64L << 20, 1 << 20);

    @ParameterizedTest(name = "checker {0}")
    @CsvSource(delimiter = '|', nullValues = "-", textBlock = """
            exit 0                       | false | 0  | -  | ''     | ACCEPTED           | 1.0
            exit 1                       | false | 1  | -  | ''     | WRONG_ANSWER       | 0.0
            exit 2, presentation error   | false | 2  | -  | ''     | WRONG_ANSWER       | 0.0
            exit 3, the checker's fail   | false | 3  | -  | ''     | INTERNAL_ERROR     | 0.0
            exit 7 with 0.25             | false | 7  | -  | 0.25\\n | PARTIALLY_ACCEPTED | 0.25
            exit 7 with 1                | false | 7  | -  | 1      | ACCEPTED           | 1.0
            exit 7 with 0                | false | 7  | -  | 0      | WRONG_ANSWER       | 0.0
            exit 7 with 1.5              | false | 7  | -  | 1.5    | INTERNAL_ERROR     | 0.0
            exit 7 and no number         | false | 7  | -  | half   | INTERNAL_ERROR     | 0.0
            an exit code of no meaning   | false | 4  | -  | ''     | INTERNAL_ERROR     | 0.0
            killed by SIGSEGV            | false | -  | 11 | ''     | INTERNAL_ERROR     | 0.0
            out of wall time             | true  | -  | 9  | ''     | INTERNAL_ERROR     | 0.0
            """)
    void judgesByACheckersExit(String why, boolean wallLimitReached, Integer exitCode, Integer signal, String stdout,
            Verdict verdict, double score) {
        TestlibVerdicts.Judgement judgement = TestlibVerdicts.checked(run(wallLimitReached, exitCode, signal, stdout.replace("\\n", "\n")), LIMITS);

        assertThat(judgement.verdict()).isEqualTo(verdict);
        assertThat(judgement.score()).isEqualTo(score);
    }

    @ParameterizedTest(name = "interactive: {0}")
    @CsvSource(delimiter = '|', nullValues = "-", textBlock = """
            both fine, interactor accepts                   | false | 0 | -  | false | 0  | -  | ACCEPTED
            interactor says wrong                           | false | 0 | -  | false | 1  | -  | WRONG_ANSWER
            interactor says wrong, program died of SIGPIPE  | false | - | 13 | false | 1  | -  | WRONG_ANSWER
            interactor died of SIGPIPE: program stopped     | false | 0 | -  | false | -  | 13 | WRONG_ANSWER
            program crashed, interactor accepts             | false | 1 | -  | false | 0  | -  | RUNTIME_ERROR
            program out of wall time, interactor wrong      | true  | - | 9  | false | 2  | -  | TIME_LIMIT_EXCEEDED
            interactor out of wall time beats the program's | true  | - | 9  | true  | -  | 9  | INTERNAL_ERROR
            interactor crashed                              | false | 0 | -  | false | -  | 11 | INTERNAL_ERROR
            interactor failed (exit 3)                      | false | 0 | -  | false | 3  | -  | INTERNAL_ERROR
            """)
    void decidesAnInteractiveTest(String why, boolean programWall, Integer programExit, Integer programSignal,
            boolean interactorWall, Integer interactorExit, Integer interactorSignal, Verdict verdict) {
        TestlibVerdicts.Judgement judgement = TestlibVerdicts.interacted(run(programWall, programExit, programSignal, ""), LIMITS,
                run(interactorWall, interactorExit, interactorSignal, ""), LIMITS);

        assertThat(judgement.verdict()).isEqualTo(verdict);
    }

    private static RunOutcome run(boolean wallLimitReached, Integer exitCode, Integer signal, String stdout) {
        return new RunOutcome(wallLimitReached, exitCode, signal, Duration.ofMillis(100), Duration.ofMillis(50), 1000L,
                false, true, false, false, stdout, "");
    }
}
