package dev.judge.api.problem.importing.archive;

import java.io.IOException;

/**
 * A package of either format, read from its archive: its problem, and its tests read from the archive
 * one at a time as they are stored. Closing it closes the archive; so does a read that fails.
 *
 * @param <P> what the format reads the package as
 */
public abstract class OpenedPackage<P> implements AutoCloseable {

    /** Reads a package's problem from its archive. */
    protected interface Reading<P> {

        P read() throws IOException;
    }

    protected final PackageArchive archive;
    private P problem;

    protected OpenedPackage(PackageArchive archive) {
        this.archive = archive;
    }

    /** Reads the problem, closing the archive if it cannot be read (refused, or broken). */
    protected final void read(Reading<P> reading) throws IOException {
        try {
            problem = reading.read();
        } catch (IOException | RuntimeException e) {
            archive.close();
            throw e;
        }
    }

    public P problem() {
        return problem;
    }

    /** A test's input or answer, at a path the problem gives ({@link PackageArchive#testFile}). */
    public byte[] testFile(String path) throws IOException {
        return archive.testFile(path);
    }

    @Override
    public void close() throws IOException {
        archive.close();
    }

    /**
     * The time limit a package is imported with: its own, else the import's ({@code ?timeLimitMs=}); either
     * may be null. The import's is for a package that gives none: one that differs from the package's own is
     * refused, naming {@code file}, rather than silently dropped.
     */
    public static Integer timeLimitMs(Integer own, Integer given, String file) {
        if (own != null && given != null && !own.equals(given)) {
            throw new InvalidPackageException(
                    file,
                    "its time limit is " + own + " ms; the import's timeLimitMs (" + given
                            + ") is for a package that gives none");
        }
        return own != null ? own : given;
    }
}
