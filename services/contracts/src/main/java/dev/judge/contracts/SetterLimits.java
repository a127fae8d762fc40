package dev.judge.contracts;

/**
 * A problem's own limits for its setter programs (checker, interactor, validator, generators and the
 * main solution that makes answers), per run, where they differ from the worker's
 * ({@code judge.worker.setter-time-limit}, {@code setter-memory-limit}); the worker caps them by its
 * highest limits as it caps a submission's.
 *
 * @param timeLimitMs CPU time; null for the worker's
 * @param memoryLimitMb null for the worker's
 */
public record SetterLimits(Long timeLimitMs, Long memoryLimitMb) {

    public static final SetterLimits WORKERS = new SetterLimits(null, null);

    public SetterLimits {
        if (timeLimitMs != null && timeLimitMs <= 0 || memoryLimitMb != null && memoryLimitMb <= 0) {
            throw new IllegalArgumentException("Setter limits are positive");
        }
    }

    public boolean isWorkers() {
        return timeLimitMs == null && memoryLimitMb == null;
    }
}
