package dev.judge.worker.judging;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import dev.judge.contracts.Checker;
import dev.judge.contracts.JudgeRequest.TestCase;
import dev.judge.contracts.Verdict;
import dev.judge.worker.sandbox.RunOutcome;
import dev.judge.worker.sandbox.RunSpec;

/** Every verdict rule, on measurements as the sandbox reports them: 1 s of CPU, 64 MiB, "3\n" expected. */
class RunVerdictsTests {

    private static final RunSpec LIMITS =
            new RunSpec(List.of("./main"), "1 2\n", Duration.ofSeconds(1), Duration.ofSeconds(3), 64L << 20, 1 << 20);
    private static final TestCase SUM = new TestCase("1 2\n", "3\n");

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', nullValues = "-", textBlock = """
            right answer                                | false | 0  | -  | 100  | 1000  | false | true  | false | false | false | 3\\n | ACCEPTED
            wrong answer                                | false | 0  | -  | 100  | 1000  | false | true  | false | false | false | 4\\n | WRONG_ANSWER
            a non-zero exit                             | false | 1  | -  | 100  | 1000  | false | true  | false | false | false | 3\\n | RUNTIME_ERROR
            killed by SIGSEGV                           | false | -  | 11 | 100  | 1000  | false | true  | false | false | false | -    | RUNTIME_ERROR
            killed by SIGKILL, not by the judge         | false | -  | 9  | 0    | 1000  | false | true  | false | false | false | -    | RUNTIME_ERROR
            the wall clock ran out, judge-init killed it| true  | -  | 9  | 0    | 1000  | false | true  | false | false | false | -    | TIME_LIMIT_EXCEEDED
            SIGXCPU                                     | false | -  | 24 | 1000 | 1000  | false | true  | false | false | false | -    | TIME_LIMIT_EXCEEDED
            over the CPU limit, yet exited 0            | false | 0  | -  | 1001 | 1000  | false | true  | false | false | false | 3\\n | TIME_LIMIT_EXCEEDED
            SIGXFSZ                                     | false | -  | 25 | 100  | 1000  | false | true  | false | false | false | -    | OUTPUT_LIMIT_EXCEEDED
            stdout full, exited 0 (CPython ignores it)  | false | 0  | -  | 100  | 1000  | false | true  | true  | false | false | 3\\n | OUTPUT_LIMIT_EXCEEDED
            a file at the limit and a crash             | false | 1  | -  | 100  | 1000  | false | true  | false | true  | false | -    | OUTPUT_LIMIT_EXCEEDED
            over the disk limit, killed by judge-init   | false | -  | 9  | 100  | 1000  | false | true  | false | false | true  | -    | OUTPUT_LIMIT_EXCEEDED
            over the disk limit, seen after a clean exit| false | 0  | -  | 100  | 1000  | false | true  | false | false | true  | 3\\n | OUTPUT_LIMIT_EXCEEDED
            the cgroup's OOM killer                     | false | -  | 9  | 100  | 65536 | true  | true  | false | false | false | -    | MEMORY_LIMIT_EXCEEDED
            no cgroup: a crash at 90% of the limit      | false | 1  | -  | 100  | 58983 | false | false | false | false | false | -    | MEMORY_LIMIT_EXCEEDED
            no cgroup: a crash below 90%                | false | 1  | -  | 100  | 58982 | false | false | false | false | false | -    | RUNTIME_ERROR
            no cgroup: 90% and a clean exit             | false | 0  | -  | 100  | 60000 | false | false | false | false | false | 3\\n | ACCEPTED
            no cgroup: a clean exit, at the limit       | false | 0  | -  | 100  | 65536 | false | false | false | false | false | 3\\n | ACCEPTED
            no cgroup: a clean exit past the limit      | false | 0  | -  | 100  | 65537 | false | false | false | false | false | 3\\n | MEMORY_LIMIT_EXCEEDED
            a cgroup: past the limit in page cache      | false | 0  | -  | 100  | 70000 | false | true  | false | false | false | 3\\n | ACCEPTED
            a cgroup: a crash at 90% is the program's   | false | 1  | -  | 100  | 60000 | false | true  | false | false | false | -    | RUNTIME_ERROR
            the wall clock beats every other limit      | true  | -  | 25 | 2000 | 65536 | true  | true  | true  | false | false | -    | TIME_LIMIT_EXCEEDED
            """)
    void decidesTheVerdict(
            String why,
            boolean wallLimitReached,
            Integer exitCode,
            Integer signal,
            long cpuMs,
            long peakKb,
            boolean oomKilled,
            boolean cgroup,
            boolean stdoutAtLimit,
            boolean fileAtLimit,
            boolean diskLimitExceeded,
            String stdout,
            Verdict expected) {
        RunOutcome run = new RunOutcome(
                wallLimitReached,
                exitCode,
                signal,
                Duration.ofMillis(cpuMs + 50),
                Duration.ZERO,
                Duration.ofMillis(cpuMs),
                peakKb,
                oomKilled,
                cgroup,
                stdoutAtLimit,
                fileAtLimit,
                diskLimitExceeded,
                stdout == null ? "" : stdout.replace("\\n", "\n"),
                "",
                0);
        assertThat(RunVerdicts.verdict(run, LIMITS, SUM, Checker.EXACT)).isEqualTo(expected);
    }
}
