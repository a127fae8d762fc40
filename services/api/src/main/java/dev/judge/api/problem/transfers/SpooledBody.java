package dev.judge.api.problem.transfers;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.web.ErrorResponseException;

/**
 * A request's body copied to a temporary file as it comes, at the client's pace, before anything reads
 * it: what is client-paced then holds a file and its key's share of the transfers
 * ({@link TestTransfers#admit}), never one of the replica's slots, and what reads it after (under a slot)
 * goes at the disk's pace. Copies at most one byte past its limit, so that a reader with the same limit
 * refuses it as it would have the body itself.
 */
public final class SpooledBody implements AutoCloseable {

    private final Path file;
    private final boolean overLimit;

    private SpooledBody(Path file, boolean overLimit) {
        this.file = file;
        this.overLimit = overLimit;
    }

    public static SpooledBody of(InputStream body, long maxBytes) {
        Path file = null;
        try {
            file = Files.createTempFile("judge-body-", ".spool");
            long copied = 0;
            byte[] buffer = new byte[64 * 1024];
            try (OutputStream out = Files.newOutputStream(file)) {
                while (copied <= maxBytes) {
                    int read = read(body, buffer, (int) Math.min(buffer.length, maxBytes + 1 - copied));
                    if (read < 0) {
                        break;
                    }
                    out.write(buffer, 0, read);
                    copied += read;
                }
            }
            return new SpooledBody(file, copied > maxBytes);
        } catch (IOException e) {
            delete(file);
            throw new UncheckedIOException("Cannot keep a request's body on disk", e);
        } catch (RuntimeException e) {
            delete(file);
            throw e;
        }
    }

    /** The client's part: a body cut short or broken is its fault (400), where the disk's is the server's. */
    private static int read(InputStream body, byte[] buffer, int length) {
        try {
            return body.read(buffer, 0, length);
        } catch (IOException e) {
            throw new ErrorResponseException(
                    HttpStatus.BAD_REQUEST,
                    ProblemDetail.forStatusAndDetail(
                            HttpStatus.BAD_REQUEST,
                            "The body could not be read to its end (" + e.getMessage() + "). Nothing was stored."),
                    e);
        }
    }

    /** More came than the limit allowed (only the first byte past it was kept). */
    public boolean overLimit() {
        return overLimit;
    }

    public Path file() {
        return file;
    }

    InputStream open() throws IOException {
        return Files.newInputStream(file);
    }

    @Override
    public void close() {
        delete(file);
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
