package dev.judge.worker.sandbox;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * CPU-bound processes beside the sandboxes, each started as a background build is: a session of its own
 * at nice 19 ({@code setsid nice -n 19}). Optionally pinned to one CPU, with the program they compete
 * with ({@code taskset -c <cpu>}), so that its share of that CPU is known. Stopped by {@link #close()}.
 */
public final class BusyNeighbours implements AutoCloseable {

    private final List<Process> processes = new ArrayList<>();

    private BusyNeighbours() {}

    /** @param cpu the CPU to pin them to, or -1 for none */
    public static BusyNeighbours start(int count, int cpu) throws IOException {
        BusyNeighbours busy = new BusyNeighbours();
        for (int i = 0; i < count; i++) {
            List<String> command = new ArrayList<>();
            if (cpu >= 0) {
                command.addAll(List.of("taskset", "-c", Integer.toString(cpu)));
            }
            command.addAll(List.of("setsid", "nice", "-n", "19", "sh", "-c", "while :; do :; done"));
            busy.processes.add(new ProcessBuilder(command)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .redirectError(ProcessBuilder.Redirect.DISCARD)
                    .start());
        }
        return busy;
    }

    /** Their process ids: not a program's leftovers. */
    public Set<Long> pids() {
        return processes.stream().map(Process::pid).collect(Collectors.toSet());
    }

    @Override
    public void close() {
        processes.forEach(Process::destroyForcibly);
    }
}
