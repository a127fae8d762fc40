package dev.judge.worker.judging;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import dev.judge.contracts.Verdict;
import dev.judge.worker.sandbox.RunOutcome;
import dev.judge.worker.sandbox.RunSpec;

/** Every rule of a setter's program's verdict: a checker's exit codes, and who wins in an interactive test. */
class TestlibVerdictsTests {

    private static final RunSpec LIMITS =
            new RunSpec(List.of("./main"), null, Duration.ofSeconds(1), Duration.ofSeconds(3), 64L << 20, 1 << 20);
    private static final TestlibVerdicts.Feedback NO_FEEDBACK = new TestlibVerdicts.Feedback("", "");

    /**
     * A package validator's feedback, as the format splits it: teammessage.txt is the contestant's message,
     * judgemessage.txt (else its stderr) the judges' alone. The judges' had been the contestant's, and the
     * team's was never read.
     */
    @Test
    void aValidatorsTeamMessageIsTheContestantsAndItsJudgeMessageTheJudges() {
        RunOutcome rejected = run(false, 43, null, "");

        TestlibVerdicts.Judgement both = TestlibVerdicts.validated(
                rejected, LIMITS, new TestlibVerdicts.Feedback("too small", "expected 777777, got 5"));
        TestlibVerdicts.Judgement judgesOnly =
                TestlibVerdicts.validated(rejected, LIMITS, new TestlibVerdicts.Feedback("", "expected 777777, got 5"));

        assertThat(both.verdict()).isEqualTo(Verdict.WRONG_ANSWER);
        assertThat(both.message()).isEqualTo("too small");
        assertThat(both.judgeMessage()).isEqualTo("expected 777777, got 5");
        assertThat(judgesOnly.message()).as("nothing for the team").isEmpty();
        assertThat(judgesOnly.judgeMessage()).isEqualTo("expected 777777, got 5");
    }

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
            exit 4, extra output         | false | 4  | -  | ''     | WRONG_ANSWER       | 0.0
            exit 8, unexpected eof       | false | 8  | -  | ''     | WRONG_ANSWER       | 0.0
            an exit code of no meaning   | false | 5  | -  | ''     | INTERNAL_ERROR     | 0.0
            killed by SIGSEGV            | false | -  | 11 | ''     | INTERNAL_ERROR     | 0.0
            out of wall time             | true  | -  | 9  | ''     | INTERNAL_ERROR     | 0.0
            """)
    void judgesByACheckersExit(
            String why,
            boolean wallLimitReached,
            Integer exitCode,
            Integer signal,
            String stdout,
            Verdict verdict,
            double score) {
        TestlibVerdicts.Judgement judgement = TestlibVerdicts.checked(
                run(wallLimitReached, exitCode, signal, stdout.replace("\\n", "\n")), LIMITS, 1);

        assertThat(judgement.verdict()).isEqualTo(verdict);
        assertThat(judgement.score()).isEqualTo(score);
    }

    /**
     * A package validator's score files in a scored problem: score.txt in points of the test (worth 20
     * here), score_multiplier.txt a share; neither is all of it; anything else is the validator's failure.
     */
    @ParameterizedTest(name = "validator {0}")
    @CsvSource(delimiter = '|', textBlock = """
            accepted, no score file       | ACCEPTED     | ''     | ''    | ACCEPTED           | 1.0
            score.txt 5 of 20             | ACCEPTED     | '5\n'  | ''    | PARTIALLY_ACCEPTED | 0.25
            score.txt 20 of 20            | ACCEPTED     | 20     | ''    | ACCEPTED           | 1.0
            score.txt 0                   | ACCEPTED     | 0      | ''    | WRONG_ANSWER       | 0.0
            multiplier 0.5                | ACCEPTED     | ''     | 0.5   | PARTIALLY_ACCEPTED | 0.5
            score.txt over the test's     | ACCEPTED     | 21     | ''    | INTERNAL_ERROR     | 0.0
            multiplier over 1             | ACCEPTED     | ''     | 1.5   | INTERNAL_ERROR     | 0.0
            negative score                | ACCEPTED     | -1     | ''    | INTERNAL_ERROR     | 0.0
            not a number                  | ACCEPTED     | NaN    | ''    | INTERNAL_ERROR     | 0.0
            words                         | ACCEPTED     | lots   | ''    | INTERNAL_ERROR     | 0.0
            both files                    | ACCEPTED     | 5      | 0.5   | INTERNAL_ERROR     | 0.0
            a score beside a rejection    | WRONG_ANSWER | 5      | ''    | INTERNAL_ERROR     | 0.0
            rejected, no score            | WRONG_ANSWER | ''     | ''    | WRONG_ANSWER       | 0.0
            """)
    void scoresByAValidatorsScoreFiles(
            String why, Verdict validated, String points, String multiplier, Verdict verdict, double score) {
        TestlibVerdicts.Judgement judgement = TestlibVerdicts.validatorScored(
                TestlibVerdicts.Judgement.of(validated, "said"), points.replace("\\n", "\n"), multiplier, 20);

        assertThat(judgement.verdict()).isEqualTo(verdict);
        assertThat(judgement.score()).isEqualTo(score);
    }

    /**
     * As testlib's quit() reports them on stderr: quitp's points, out of what the test is worth on the
     * checker's scale (1 for a share, a subtask's points for Polygon's), and _pc(n)'s percent.
     */
    @ParameterizedTest(name = "testlib: exit {0}, {1}, out of {2}")
    @CsvSource(delimiter = '|', textBlock = """
            7  | points 0.5 ja=1.0000 pa=0.5000                 | 1  | PARTIALLY_ACCEPTED | 0.5
            7  | 'a debug line\\npoints 1 exact'                 | 1  | ACCEPTED           | 1.0
            7  | points 0                                       | 1  | WRONG_ANSWER       | 0.0
            7  | points 2.5                                     | 1  | INTERNAL_ERROR     | 0.0
            7  | points -0.5                                    | 1  | INTERNAL_ERROR     | 0.0
            7  | points 10 all of a subtask worth 10            | 10 | ACCEPTED           | 1.0
            7  | points 2.5                                     | 10 | PARTIALLY_ACCEPTED | 0.25
            7  | points 0.5 a share read as points              | 10 | PARTIALLY_ACCEPTED | 0.05
            7  | points 12 more than the subtask is worth       | 10 | INTERNAL_ERROR     | 0.0
            7  | points 0 on a sample worth nothing             | 0  | WRONG_ANSWER       | 0.0
            7  | points 1 on a sample worth nothing             | 0  | INTERNAL_ERROR     | 0.0
            50 | partially correct (50) half of it              | 1  | PARTIALLY_ACCEPTED | 0.5
            50 | partially correct (50) percent on any scale    | 10 | PARTIALLY_ACCEPTED | 0.5
            13 | partially correct (13) result=13               | 1  | PARTIALLY_ACCEPTED | 0.13
            50 | half of it                                     | 1  | INTERNAL_ERROR     | 0.0
            51 | partially correct (50) the code disagrees      | 1  | INTERNAL_ERROR     | 0.0
            2  | wrong output format Extra information in the output file | 1 | WRONG_ANSWER | 0.0
            3  | FAIL cannot read the answer                    | 1  | INTERNAL_ERROR     | 0.0
            """)
    void readsTestlibsResultFromStderr(int exitCode, String stderr, double outOf, Verdict verdict, double score) {
        RunOutcome run = new RunOutcome(
                false,
                exitCode,
                null,
                Duration.ofMillis(100),
                Duration.ZERO,
                Duration.ofMillis(50),
                1000L,
                false,
                true,
                false,
                false,
                false,
                "",
                stderr.replace("\\n", "\n"),
                0);

        TestlibVerdicts.Judgement judgement = TestlibVerdicts.checked(run, LIMITS, outOf);

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
    void decidesAnInteractiveTest(
            String why,
            boolean programWall,
            Integer programExit,
            Integer programSignal,
            boolean interactorWall,
            Integer interactorExit,
            Integer interactorSignal,
            Verdict verdict) {
        TestlibVerdicts.Judgement judgement = TestlibVerdicts.interacted(
                        List.of(run(programWall, programExit, programSignal, "")),
                        LIMITS,
                        run(interactorWall, interactorExit, interactorSignal, ""),
                        LIMITS,
                        Optional.empty())
                .judgement();

        assertThat(judgement.verdict()).isEqualTo(verdict);
    }

    /**
     * A package's interactive validator (exit 42 accepts, 43 rejects) as the problem package format's tools
     * order its verdicts: a wrong answer it gave before the program ended decides, whatever the program
     * did after; else the program's time limit, then its crash, then the validator.
     */
    @ParameterizedTest(name = "package validator: {0}")
    @CsvSource(delimiter = '|', nullValues = "-", textBlock = """
            both fine, validator accepts                       | false | 0 | -  | 50  | 42 | ACCEPTED
            validator rejects first, then the program spun out | true  | - | 9  | 900 | 43 | WRONG_ANSWER
            program out of time, then the validator rejects    | true  | - | 9  | 50  | 43 | TIME_LIMIT_EXCEEDED
            program crashed, then the validator rejects        | false | 1 | -  | 50  | 43 | RUNTIME_ERROR
            validator rejects, the program writing on dies of SIGPIPE a hair before by the clocks | false | - | 13 | 99 | 43 | WRONG_ANSWER
            program crashed, validator accepts                 | false | 1 | -  | 50  | 42 | RUNTIME_ERROR
            program fine, validator failed                     | false | 0 | -  | 50  | 1  | INTERNAL_ERROR
            """)
    void decidesAnInteractiveTestWithAPackagesValidator(
            String why,
            boolean programWall,
            Integer programExit,
            Integer programSignal,
            long programMs,
            Integer validatorExit,
            Verdict verdict) {
        RunOutcome ended = run(programWall, programExit, programSignal, "", programMs);
        TestlibVerdicts.Judgement judgement = TestlibVerdicts.interacted(
                        List.of(ended), LIMITS, run(false, validatorExit, null, ""), LIMITS, Optional.of(NO_FEEDBACK))
                .judgement();

        assertThat(judgement.verdict()).isEqualTo(verdict);
    }

    /**
     * Who ended first is when the sandboxes saw each end, not how long each ran: runs started a few
     * milliseconds apart. A program that exits at once, then the validator that read its end and rejects,
     * is the program's crash, however long each ran by its own clock; a validator that ended first decides.
     */
    @Test
    void whichEndedFirstIsWhenEachWasSeenToEndNotHowLongEachRan() {
        RunOutcome exitedAtOnce = run(false, 42, null, "", 3, 1_000_000);
        RunOutcome rejectedAfter = run(false, 43, null, "", 2, 1_500_000);
        RunOutcome rejectedBefore = run(false, 43, null, "", 5, 900_000);

        assertThat(TestlibVerdicts.interacted(
                                List.of(exitedAtOnce), LIMITS, rejectedAfter, LIMITS, Optional.of(NO_FEEDBACK))
                        .judgement()
                        .verdict())
                .isEqualTo(Verdict.RUNTIME_ERROR);
        assertThat(TestlibVerdicts.interacted(
                                List.of(exitedAtOnce), LIMITS, rejectedBefore, LIMITS, Optional.of(NO_FEEDBACK))
                        .judgement()
                        .verdict())
                .isEqualTo(Verdict.WRONG_ANSWER);
    }

    @Test
    void aCommunicationIsDecidedByTheInstanceThatWentOverALimitBeforeOneThatCrashed() {
        RunOutcome clean = run(false, 0, null, "");
        RunOutcome crashed = run(false, 1, null, "");
        RunOutcome outOfTime = run(true, null, 9, "");
        RunOutcome interactorAccepts = run(false, 0, null, "");

        var limits = TestlibVerdicts.interacted(
                List.of(crashed, clean, outOfTime), LIMITS, interactorAccepts, LIMITS, Optional.empty());
        assertThat(limits.judgement().verdict()).isEqualTo(Verdict.TIME_LIMIT_EXCEEDED);
        assertThat(limits.decidingInstance()).isEqualTo(2);

        var crash = TestlibVerdicts.interacted(
                List.of(clean, crashed), LIMITS, interactorAccepts, LIMITS, Optional.empty());
        assertThat(crash.judgement().verdict()).isEqualTo(Verdict.RUNTIME_ERROR);
        assertThat(crash.decidingInstance()).isEqualTo(1);

        var accepted =
                TestlibVerdicts.interacted(List.of(clean, clean), LIMITS, interactorAccepts, LIMITS, Optional.empty());
        assertThat(accepted.judgement().verdict()).isEqualTo(Verdict.ACCEPTED);
        assertThat(accepted.decidingInstance()).isZero();
    }

    @Test
    void anInteractorOutOfTimeWaitingForAnInstanceThatSpunPastItsCpuTimeIsThatInstancesTimeLimit() {
        RunOutcome interactorOutOfTime = run(true, null, 9, "");
        RunOutcome spun = new RunOutcome(
                false,
                null,
                24,
                Duration.ofSeconds(8),
                Duration.ofSeconds(6),
                Duration.ofMillis(2005),
                1000L,
                false,
                true,
                false,
                false,
                false,
                "",
                "",
                0);
        RunOutcome idle = run(true, null, 9, "");

        var spinning = TestlibVerdicts.interacted(
                List.of(run(false, 0, null, ""), spun), LIMITS, interactorOutOfTime, LIMITS, Optional.empty());
        assertThat(spinning.judgement().verdict()).isEqualTo(Verdict.TIME_LIMIT_EXCEEDED);
        assertThat(spinning.decidingInstance()).isEqualTo(1);

        // Every instance within its own limits, or only out of its clock while it waited: the interactor hung.
        assertThat(TestlibVerdicts.interacted(List.of(idle), LIMITS, interactorOutOfTime, LIMITS, Optional.empty())
                        .judgement()
                        .verdict())
                .isEqualTo(Verdict.INTERNAL_ERROR);
        assertThat(TestlibVerdicts.interacted(
                                List.of(run(false, 0, null, "")), LIMITS, interactorOutOfTime, LIMITS, Optional.empty())
                        .judgement()
                        .verdict())
                .isEqualTo(Verdict.INTERNAL_ERROR);
    }

    private static RunOutcome run(boolean wallLimitReached, Integer exitCode, Integer signal, String stdout) {
        return run(wallLimitReached, exitCode, signal, stdout, 100);
    }

    /** @param wallMs how long it ran by the clock */
    private static RunOutcome run(
            boolean wallLimitReached, Integer exitCode, Integer signal, String stdout, long wallMs) {
        return run(wallLimitReached, exitCode, signal, stdout, wallMs, 0);
    }

    /** @param endedAtNanos when the sandbox saw it end: which of two programs ended first (0: unknown) */
    private static RunOutcome run(
            boolean wallLimitReached, Integer exitCode, Integer signal, String stdout, long wallMs, long endedAtNanos) {
        return new RunOutcome(
                wallLimitReached,
                exitCode,
                signal,
                Duration.ofMillis(wallMs),
                Duration.ZERO,
                Duration.ofMillis(50),
                1000L,
                false,
                true,
                false,
                false,
                false,
                stdout,
                "",
                endedAtNanos);
    }
}
