package dev.judge.worker.judging;

import java.nio.file.Path;
import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * The worker's own limits. A problem's limits are capped by these, whatever the request says.
 *
 * @param maxTimeLimit the highest CPU-time limit a run gets
 * @param maxMemoryLimit the highest memory limit a run gets
 * @param wallTimeFactor wall-clock limit = factor × time limit + 1 s, so that sleeping or blocked
 *        programs end too, while a busy machine does not turn CPU-bound runs into false TLEs
 * @param compileTimeLimit wall-clock limit of a compilation
 * @param outputLimit the most a run may print
 * @param compilerOutputLimit how much of the compiler's messages is kept for the user
 * @param runOutputLimit how much of a run's output is returned for runs without expected output
 * @param runningNoticeAfter a judgement still going after this long is announced as RUNNING; a
 *        quicker one goes from QUEUED straight to its verdict, which saves the broker, the result
 *        consumer and the database a message, a transaction and a notification per submission
 * @param setterTimeLimit the CPU-time limit of a setter's program: a custom checker, per test (its wall
 *        clock as a program's: wallTimeFactor × this + 1 s), or an interactor (its wall clock the
 *        contestant's plus one second, so that it outlives the program it talks to)
 * @param setterMemoryLimit the memory limit of a setter's program
 * @param setterMessageLimit how much of what a setter's program says on stderr is kept per test
 * @param setterCacheSize how many built setter programs (by content) a worker keeps: each is built
 *        once, not per submission
 * @param testlibHeader testlib.h as the judge bundles it (the worker image's, or build/testlib's for
 *        {@code make local-up}): put beside a setter's program that includes it without uploading its
 *        own; null or missing: none bundled, and such a program fails to build saying so
 */
@ConfigurationProperties("judge.worker")
public record WorkerProperties(
        @DefaultValue("10s") Duration maxTimeLimit,
        @DefaultValue("1GB") DataSize maxMemoryLimit,
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
}
