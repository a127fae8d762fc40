package dev.judge.worker.problemtests;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import dev.judge.contracts.JudgeRequest.TestCase;

/**
 * A submission's tests, read one at a time: a large problem's are on this worker's disk, and only the
 * test being run is in memory. Close it when judging is done, so that its files may be evicted.
 */
public interface TestSet extends AutoCloseable {

    int size();

    /** The group of test {@code index}, without reading the test. */
    String group(int index);

    /** Test {@code index}; its input is null when {@link #inputFile(int)} has it. */
    TestCase get(int index) throws IOException;

    /** Where test {@code index}'s input is on this worker's disk; null for a test held in memory. */
    Path inputFile(int index);

    @Override
    void close();

    /** Tests that came in the request itself. */
    static TestSet of(List<TestCase> tests) {
        return new TestSet() {
            @Override
            public int size() {
                return tests.size();
            }

            @Override
            public String group(int index) {
                return tests.get(index).group();
            }

            @Override
            public TestCase get(int index) {
                return tests.get(index);
            }

            @Override
            public Path inputFile(int index) {
                return null;
            }

            @Override
            public void close() {}
        };
    }
}
