package dev.judge.api.problem.archive;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import java.util.zip.ZipException;
import java.util.zip.ZipFile;

import dev.judge.api.system.Utf8;

/**
 * A problem package's zip, whatever its format: its entries are read only by plain relative paths (no
 * {@code ..}, no absolute path), each within its size and all within what the package may unpack to,
 * counted as read whatever an entry declares; texts must be UTF-8. Nothing is ever written to disk from
 * it, so a link or device an archive claims to hold is, at most, a small file of text here.
 */
public final class PackageArchive implements AutoCloseable {

    /**
     * What a package may hold.
     *
     * @param maxFileBytes a test's input or answer, unpacked
     * @param maxProgramBytes a program's source or a header
     * @param maxUnpackedBytes all it is read for, unpacked
     * @param maxTests tests in it
     * @param maxSolutions its solutions to judge, when they are read
     */
    public record Limits(
            long maxFileBytes, long maxProgramBytes, long maxUnpackedBytes, int maxTests, int maxSolutions) {}

    /** Names of letters, digits, '.', '_', '+' and '-', not beginning with '-' ({@code ..} is refused apart). */
    private static final Pattern SAFE_PATH =
            Pattern.compile("[A-Za-z0-9_.][A-Za-z0-9_.+-]*(/[A-Za-z0-9_.][A-Za-z0-9_.+-]*)*");

    private final ZipFile zip;
    private final Limits limits;
    private long unpacked;
    private List<String> files;

    private PackageArchive(ZipFile zip, Limits limits) {
        this.zip = zip;
        this.limits = limits;
    }

    /** @throws InvalidPackageException for a file that is not a zip */
    public static PackageArchive open(Path file, Limits limits) throws IOException {
        try {
            return new PackageArchive(new ZipFile(file.toFile(), StandardCharsets.UTF_8), limits);
        } catch (ZipException e) {
            throw new InvalidPackageException("(the package)", "not a zip file: " + e.getMessage());
        }
    }

    public Limits limits() {
        return limits;
    }

    /** Whether it holds a file (not a folder) at this path. */
    public boolean has(String path) {
        ZipEntry entry = zip.getEntry(path);
        return entry != null && !entry.isDirectory();
    }

    /** The paths of the files it holds, as its directory lists them (listed once: a reader walks them often). */
    public List<String> files() {
        if (files == null) {
            List<String> listed = new ArrayList<>();
            for (ZipEntry entry : Collections.list(zip.entries())) {
                if (!entry.isDirectory()) {
                    listed.add(entry.getName());
                }
            }
            files = List.copyOf(listed);
        }
        return files;
    }

    /** A path the package names, if it is a plain relative one of a file in it. */
    public String checkedPath(String path) {
        if (!isPlain(path)) {
            throw new InvalidPackageException(path, "the package names it, and it is not a plain relative path");
        }
        if (!has(path)) {
            throw new InvalidPackageException(path, "the package names it and it is not in the package");
        }
        return path;
    }

    /** Whether a path is plain: relative, its names letters, digits, '.', '_', '+' and '-', none {@code ..}. */
    public static boolean isPlain(String path) {
        return SAFE_PATH.matcher(path).matches() && !path.contains("..");
    }

    /** A program's source or a header: UTF-8 text within {@link Limits#maxProgramBytes}. */
    public String program(String path) throws IOException {
        return text(path, limits.maxProgramBytes());
    }

    /** An entry's text, UTF-8, read to at most {@code maxBytes}. */
    public String text(String path, long maxBytes) throws IOException {
        return Utf8.decode(bytes(path, maxBytes))
                .orElseThrow(() -> new InvalidPackageException(path, "it is not UTF-8 text"));
    }

    /**
     * A test's input or answer as UTF-8 bytes: within {@link Limits#maxFileBytes}, checked to be UTF-8
     * without being decoded whole, with Unix line ends (a package made on Windows carries CRLF, which a
     * validator on Linux rejects).
     */
    public byte[] testFile(String path) throws IOException {
        byte[] bytes = bytes(path, limits.maxFileBytes());
        requireUtf8(path, bytes);
        return withUnixLineEnds(bytes);
    }

    /** The same bytes with each CR LF made LF, in place when there is any. */
    public static byte[] withUnixLineEnds(byte[] bytes) {
        int kept = 0;
        for (int at = 0; at < bytes.length; at++) {
            if (!(bytes[at] == '\r' && at + 1 < bytes.length && bytes[at + 1] == '\n')) {
                bytes[kept++] = bytes[at];
            }
        }
        return kept == bytes.length ? bytes : Arrays.copyOf(bytes, kept);
    }

    private static void requireUtf8(String path, byte[] bytes) {
        CharsetDecoder decoder = StandardCharsets.UTF_8
                .newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate(8192);
        for (; ; ) {
            CoderResult result = decoder.decode(in, out, true);
            if (result.isError()) {
                throw new InvalidPackageException(path, "it is not UTF-8 text");
            }
            if (result.isUnderflow()) {
                return;
            }
            out.clear(); // overflow: the next chunk
        }
    }

    /** An entry's bytes, read to at most {@code maxBytes}, counted against all the package may unpack to. */
    private byte[] bytes(String path, long maxBytes) throws IOException {
        ZipEntry entry = zip.getEntry(checkedPath(path));
        byte[] bytes;
        // The declared size is the package's word; what is read is counted, whatever it says.
        try (InputStream in = zip.getInputStream(entry)) {
            bytes = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, maxBytes + 1));
        } catch (IOException e) {
            // The package is a file of this replica's: what cannot be read of it is broken in the package.
            throw new InvalidPackageException(path, "it cannot be unpacked (" + e.getMessage() + ")");
        }
        if (bytes.length > maxBytes) {
            throw new InvalidPackageException(path, "it is over " + maxBytes + " bytes unpacked", true);
        }
        unpacked += bytes.length;
        if (unpacked > limits.maxUnpackedBytes()) {
            throw new InvalidPackageException(
                    path, "the package is over " + limits.maxUnpackedBytes() + " bytes unpacked", true);
        }
        return bytes;
    }

    @Override
    public void close() throws IOException {
        zip.close();
    }
}
