package dev.judge.api.problem.importing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;

import dev.judge.api.problem.ProblemRepository;

/** A package's tests as the repository stores them, whatever the format: read from the package one at a time. */
final class PackageTests {

    private PackageTests() {}

    private static final byte[] NOTHING = {};

    /** Reads a test's input or answer, UTF-8, from where the package carries it. */
    interface Files {

        byte[] read(String path) throws IOException;
    }

    /**
     * One test as a package names it.
     *
     * @param input its input's file; null while a worker is still to make it (empty until then)
     * @param answer its answer's file; null when there is none (or a worker makes it)
     * @param group the group it belongs to, or null
     */
    record Entry(String input, String answer, String group) {}

    /** The tests, each read only when the repository stores it. */
    static ProblemRepository.UploadedTests of(List<Entry> tests, Files files) {
        int[] next = {0};
        return () -> {
            if (next[0] == tests.size()) {
                return null;
            }
            Entry test = tests.get(next[0]++);
            try {
                return new ProblemRepository.StoredTest(
                        read(files, test.input()), read(files, test.answer()), test.group());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        };
    }

    private static byte[] read(Files files, String path) throws IOException {
        return path == null ? NOTHING : files.read(path);
    }
}
