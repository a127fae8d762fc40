package dev.judge.api.problem.transfers;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import dev.judge.api.problem.ProblemRepository;

/**
 * An upload's tests, read from the client and checked in full before the database sees any of them,
 * kept in a temporary file meanwhile: a slow client holds a file, not a database connection, and the
 * transaction that stores them lasts as long as the database takes, whatever the client's pace.
 * Each test is three length-prefixed UTF-8 byte strings (the group's length -1 for none).
 */
final class SpooledTests implements AutoCloseable {

    private final Path file;

    private SpooledTests(Path file) {
        this.file = file;
    }

    /** Reads every test {@code tests} gives into a new temporary file; throws what reading them throws. */
    static SpooledTests of(ProblemRepository.UploadedTests tests) {
        Path file = null;
        try {
            file = Files.createTempFile("judge-upload-", ".tests");
            try (DataOutputStream out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(file)))) {
                for (ProblemRepository.StoredTest test = tests.next(); test != null; test = tests.next()) {
                    write(out, test.input());
                    write(out, test.answer());
                    write(out, test.group() == null ? null : test.group().getBytes(StandardCharsets.UTF_8));
                }
            }
            return new SpooledTests(file);
        } catch (IOException e) {
            delete(file);
            throw new UncheckedIOException("Cannot keep an upload's tests on disk", e);
        } catch (RuntimeException e) {
            delete(file);
            throw e;
        }
    }

    /** The tests again, one at a time, in the order they came. */
    ProblemRepository.UploadedTests read() {
        DataInputStream in;
        try {
            in = new DataInputStream(new BufferedInputStream(Files.newInputStream(file)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return () -> {
            try {
                byte[] input;
                try {
                    input = readBytes(in);
                } catch (EOFException end) {
                    in.close();
                    return null;
                }
                byte[] answer = readBytes(in);
                byte[] group = readBytes(in);
                return new ProblemRepository.StoredTest(
                        input, answer, group == null ? null : new String(group, StandardCharsets.UTF_8));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        };
    }

    @Override
    public void close() {
        delete(file);
    }

    private static void write(DataOutputStream out, byte[] bytes) throws IOException {
        if (bytes == null) {
            out.writeInt(-1);
            return;
        }
        out.writeInt(bytes.length);
        out.write(bytes);
    }

    private static byte[] readBytes(DataInputStream in) throws IOException {
        int length = in.readInt();
        return length < 0 ? null : in.readNBytes(length);
    }

    private static void delete(Path file) {
        if (file != null) {
            try {
                Files.deleteIfExists(file);
            } catch (IOException ignored) {
                // a temporary file: the OS's clean-up takes it
            }
        }
    }
}
