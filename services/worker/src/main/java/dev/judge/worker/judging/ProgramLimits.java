package dev.judge.worker.judging;

import java.time.Duration;

import dev.judge.contracts.JudgeRequest;

/**
 * The limits of each run of a contestant's program: the request's, capped by the worker's own; its wall
 * clock {@code wallTimeFactor} × its time limit + 1 s.
 */
record ProgramLimits(Duration time, Duration wall, long memoryBytes, long outputBytes) {

    static ProgramLimits of(JudgeRequest request, WorkerProperties properties) {
        Duration asked = Duration.ofMillis(request.limits().timeLimitMs());
        Duration time = asked.compareTo(properties.maxTimeLimit()) <= 0 ? asked : properties.maxTimeLimit();
        return new ProgramLimits(
                time,
                time.multipliedBy(properties.wallTimeFactor()).plusSeconds(1),
                Math.min(
                        request.limits().memoryLimitMb() * 1024 * 1024,
                        properties.maxMemoryLimit().toBytes()),
                properties.outputLimit().toBytes());
    }
}
