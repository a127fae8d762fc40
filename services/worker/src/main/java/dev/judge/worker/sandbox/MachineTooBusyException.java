package dev.judge.worker.sandbox;

import java.io.IOException;

/**
 * A run the machine kept from a CPU, every time it was made: the real clock reached its limit while
 * the run's own clock (which leaves out its waits for a CPU) was still under its wall limit. The
 * judge's fault, not the program's: it gets no verdict from it. The message is for the submitter.
 */
public class MachineTooBusyException extends IOException {

    MachineTooBusyException(int attempts) {
        super("The judge's machine was too busy to time this run fairly (" + attempts
                + " attempts, each kept from a CPU until its time ran out); it was not judged.");
    }
}
