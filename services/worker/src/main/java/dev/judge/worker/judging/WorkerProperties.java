package dev.judge.worker.judging;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

import dev.judge.contracts.JudgeRequest;
import dev.judge.contracts.ProblemLimits;
import dev.judge.contracts.SetterLimits;
import dev.judge.worker.sandbox.RunSpec;

/**
 * The worker's own limits. A problem's limits are capped by these, whatever the request says.
 *
 * @param maxTimeLimit the highest CPU-time limit a run gets
 * @param maxMemoryLimit the highest memory limit a run gets
 * @param wallTimeFactor wall-clock limit = factor × time limit + 1 s, so that sleeping or blocked
 *        programs end too, while a busy machine does not turn CPU-bound runs into false TLEs
 * @param compileTimeLimit wall-clock limit of a compilation
 * @param outputLimit the most a run may print (its RLIMIT_FSIZE: BEAM's JIT needs 8 MB of it for a memory file)
 * @param compilerOutputLimit how much of the compiler's messages is kept for the user
 * @param runOutputLimit how much of a run's output is returned for runs without expected output
 * @param runningNoticeAfter a judgement still going after this long is announced as RUNNING; a
 *        quicker one goes from QUEUED straight to its verdict, which saves the broker, the result
 *        consumer and the database a message, a transaction and a notification per submission
 * @param setterTimeLimit the CPU-time limit of a setter's program: a custom checker, per test (its wall
 *        clock as a program's: wallTimeFactor × this + 1 s), or an interactor (its wall clock the
 *        contestant's plus one second, so that it outlives the program it talks to); a problem may set
 *        its own ({@link SetterLimits}), up to {@code maxTimeLimit}
 * @param setterMemoryLimit the memory limit of a setter's program; a problem may set its own, up to
 *        {@code maxMemoryLimit}
 * @param setterMessageLimit how much of what a setter's program says on stderr is kept per test
 * @param setterCacheSize how many built setter programs (by content) a worker keeps: each is built
 *        once, not per submission
 * @param testlibHeader testlib.h as the judge bundles it (the worker image's, or build/testlib's for
 *        {@code make local-up}): put beside a setter's program that includes it without uploading its
 *        own; null or missing: none bundled, and such a program fails to build saying so
 */
@ConfigurationProperties("judge.worker")
public record WorkerProperties(
        @DefaultValue(ProblemLimits.MAX_TIME_LIMIT) Duration maxTimeLimit,
        @DefaultValue(ProblemLimits.MAX_MEMORY_LIMIT) DataSize maxMemoryLimit,
        @DefaultValue("2") int wallTimeFactor,
        @DefaultValue("15s") Duration compileTimeLimit,
        @DefaultValue("16MB") DataSize outputLimit,
        @DefaultValue("16KB") DataSize compilerOutputLimit,
        @DefaultValue("64KB") DataSize runOutputLimit,
        @DefaultValue("500ms") Duration runningNoticeAfter,
        @DefaultValue("5s") Duration setterTimeLimit,
        @DefaultValue("512MB") DataSize setterMemoryLimit,
        @DefaultValue("4KB") DataSize setterMessageLimit,
        @DefaultValue("64") int setterCacheSize,
        Path testlibHeader) {

    /** A setter's program's CPU-time limit: the problem's own, capped as a submission's is, else the worker's. */
    Duration setterTimeLimit(SetterLimits own) {
        if (own.timeLimitMs() == null) {
            return setterTimeLimit;
        }
        Duration cap = maxTimeLimit.compareTo(setterTimeLimit) >= 0 ? maxTimeLimit : setterTimeLimit;
        Duration wanted = Duration.ofMillis(own.timeLimitMs());
        return wanted.compareTo(cap) <= 0 ? wanted : cap;
    }

    /** Its wall-clock limit, as a submission's: {@code wallTimeFactor} × its CPU-time limit + 1 s. */
    Duration setterWallLimit(SetterLimits own) {
        return setterTimeLimit(own).multipliedBy(wallTimeFactor).plusSeconds(1);
    }

    long setterMemoryLimitBytes(SetterLimits own) {
        long cap = Math.max(maxMemoryLimit.toBytes(), setterMemoryLimit.toBytes());
        return own.memoryLimitMb() == null
                ? setterMemoryLimit.toBytes()
                : Math.min(own.memoryLimitMb() * 1024 * 1024, cap);
    }

    /**
     * A main solution's run making answers: within the setter's limits, or the problem's where they are
     * higher (it is meant to pass them), capped as a submission's are.
     *
     * @param problem null for the setter's limits alone
     */
    public RunSpec answererRun(List<String> command, String stdin, SetterLimits own, JudgeRequest.Limits problem) {
        Duration time = setterTimeLimit(own);
        long memory = setterMemoryLimitBytes(own);
        if (problem != null) {
            Duration problems = Duration.ofMillis(problem.timeLimitMs());
            time = max(time, problems.compareTo(maxTimeLimit) <= 0 ? problems : maxTimeLimit);
            memory = Math.max(memory, Math.min(problem.memoryLimitMb() * 1024 * 1024, maxMemoryLimit.toBytes()));
        }
        return new RunSpec(
                command,
                stdin,
                time,
                time.multipliedBy(wallTimeFactor).plusSeconds(1),
                memory,
                outputLimit.toBytes(),
                null);
    }

    private static Duration max(Duration a, Duration b) {
        return a.compareTo(b) >= 0 ? a : b;
    }

    /** A run of a setter's program on stdin (a validator, a generator, a main solution) within its limits. */
    public RunSpec setterRun(List<String> command, String stdin, Path inputFile, SetterLimits own) {
        return new RunSpec(
                command,
                stdin,
                setterTimeLimit(own),
                setterWallLimit(own),
                setterMemoryLimitBytes(own),
                outputLimit.toBytes(),
                inputFile);
    }
}
