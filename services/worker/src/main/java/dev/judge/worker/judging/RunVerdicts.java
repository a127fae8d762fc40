package dev.judge.worker.judging;

import dev.judge.contracts.Checker;
import dev.judge.contracts.JudgeRequest.TestCase;
import dev.judge.contracts.Verdict;
import dev.judge.worker.sandbox.RunOutcome;
import dev.judge.worker.sandbox.RunSpec;

/**
 * The verdict rules: what the sandbox's measurements of a run mean, under the run's limits. Pure, so
 * that every rule is shown by a unit test (RunVerdictsTests); the judge-case tests show the sandbox's
 * measurements that feed them.
 */
public final class RunVerdicts {

    static final int SIGXCPU = 24;
    static final int SIGXFSZ = 25;

    /** Which limit ended a run, if any. */
    public enum Termination {
        /** Ended by itself: look at the exit code and signal. */
        EXITED,
        TIME_LIMIT,
        MEMORY_LIMIT,
        OUTPUT_LIMIT
    }

    private RunVerdicts() {}

    /**
     * In order: the wall clock; output (SIGXFSZ, a full stdout, the disk limit, even when only seen
     * after a clean exit, or a failure with a file at the limit, since a runtime that ignores SIGXFSZ
     * dies of the failed write instead); memory (the cgroup's OOM
     * killer, or, without a cgroup, a failure at 90% of the limit or more, since a failed allocation
     * usually crashes the program rather than being reported, or any run past the limit); CPU time
     * (SIGXCPU, or over the limit).
     */
    public static Termination termination(RunOutcome run, RunSpec limits) {
        if (run.wallLimitReached()) {
            return Termination.TIME_LIMIT;
        }
        if (signalled(run, SIGXFSZ)
                || run.stdoutAtLimit()
                || run.diskLimitExceeded()
                || run.failed() && run.fileAtLimit()) {
            return Termination.OUTPUT_LIMIT;
        }
        if (run.oomKilled()
                || !run.memoryLimitedByCgroup()
                        && run.peakMemoryKb() != null
                        && (run.failed() && run.peakMemoryKb() * 1024 >= limits.memoryLimitBytes() * 9 / 10
                                // RLIMIT_DATA above the limit (a runtime's reserved address space) let it past.
                                || run.peakMemoryKb() * 1024 > limits.memoryLimitBytes())) {
            return Termination.MEMORY_LIMIT;
        }
        if (signalled(run, SIGXCPU) || run.cpuTime() != null && run.cpuTime().compareTo(limits.timeLimit()) > 0) {
            return Termination.TIME_LIMIT;
        }
        return Termination.EXITED;
    }

    /**
     * Why a setter's program (a validator, a generator, a main solution) failed, for its setter: what
     * it said on stderr, at most {@code saidLimit} bytes, and the limit it ran into or its exit code.
     */
    public static String setterFailure(String program, RunOutcome run, RunSpec limits, long saidLimit) {
        String said = Compiler.truncate(run.stderr().strip(), saidLimit);
        String reason = switch (termination(run, limits)) {
            case TIME_LIMIT -> "the " + program + " ran out of time";
            case MEMORY_LIMIT -> "the " + program + " ran out of memory";
            case OUTPUT_LIMIT -> "the " + program + " printed more than " + limits.outputLimitBytes() + " bytes";
            case EXITED ->
                run.exitCode() == null
                        ? "the " + program + " was killed"
                        : "the " + program + " exited with code " + run.exitCode();
        };
        return said.isEmpty() ? reason : said + "\n[" + reason + "]";
    }

    /** Ended by itself with exit code 0 and within every limit: a compilation that worked. */
    public static boolean succeeded(RunOutcome run, RunSpec limits) {
        return termination(run, limits) == Termination.EXITED && run.exitedZero();
    }

    /** What went wrong with a run before its output is looked at: a limit or a crash; null if nothing. */
    static Verdict failure(RunOutcome run, RunSpec limits) {
        return switch (termination(run, limits)) {
            case TIME_LIMIT -> Verdict.TIME_LIMIT_EXCEEDED;
            case MEMORY_LIMIT -> Verdict.MEMORY_LIMIT_EXCEEDED;
            case OUTPUT_LIMIT -> Verdict.OUTPUT_LIMIT_EXCEEDED;
            case EXITED -> run.exitedZero() ? null : Verdict.RUNTIME_ERROR;
        };
    }

    /** A test case's verdict under a built-in checker: a limit, a crash, or the output compared with the expected one. */
    static Verdict verdict(RunOutcome run, RunSpec limits, TestCase testCase, Checker checker) {
        Verdict failure = failure(run, limits);
        if (failure != null) {
            return failure;
        }
        if (testCase.hasExpectedOutput()
                && !OutputComparator.matches(checker, testCase.expectedOutput(), run.stdout())) {
            return Verdict.WRONG_ANSWER;
        }
        return Verdict.ACCEPTED;
    }

    private static boolean signalled(RunOutcome run, int signal) {
        return run.signal() != null && run.signal() == signal;
    }
}
