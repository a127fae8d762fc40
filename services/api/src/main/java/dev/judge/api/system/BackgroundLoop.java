package dev.judge.api.system;

import java.time.Duration;

import org.springframework.context.SmartLifecycle;

/**
 * A loop on a thread of its own that starts and stops with the application context.
 * {@link #runLoop()} runs until {@link #isRunning()} turns false; {@link #stop()} also interrupts it.
 */
public abstract class BackgroundLoop implements SmartLifecycle {

    private final String threadName;
    // Set before the thread starts: the loop checks it, so it must not depend on the thread field.
    private volatile boolean running;
    private volatile Thread thread;

    protected BackgroundLoop(String threadName) {
        this.threadName = threadName;
    }

    /** Runs until {@link #isRunning()} is false or the thread is interrupted. */
    protected abstract void runLoop();

    @Override
    public final void start() {
        running = true;
        thread = Thread.ofPlatform().daemon().name(threadName).start(this::runLoop);
    }

    @Override
    public final void stop() {
        running = false;
        Thread stopping = thread;
        if (stopping != null) {
            stopping.interrupt();
        }
    }

    @Override
    public final boolean isRunning() {
        return running;
    }

    /** Waits {@code delay}; false if the loop was stopped meanwhile (the thread interrupted). */
    protected static boolean pause(Duration delay) {
        try {
            Thread.sleep(delay);
            return true;
        } catch (InterruptedException e) {
            return false;
        }
    }
}
