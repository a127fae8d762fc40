package dev.judge.api.problem.importing.archive;

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

import org.apache.commons.compress.archivers.zip.ZipArchiveEntry;
import org.apache.commons.compress.archivers.zip.ZipFile;

import dev.judge.api.system.Utf8;

/**
 * A problem package's zip, whatever its format: its entries are read only by plain relative paths (no
 * {@code ..}, no absolute path), each within its size and all within what the package may unpack to,
 * counted as read whatever an entry declares; texts must be UTF-8. Nothing is ever written to disk from
 * it: a symbolic link is followed within the zip alone (the problem package format allows links to other
 * files in the package), and a device or FIFO an archive claims to hold is, at most, a small file here.
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

    /** A chain of links longer than this is refused (a loop is one). */
    private static final int MAX_LINKS_FOLLOWED = 8;
    /** A link's target is a path in the package: longer than this, it is none. */
    private static final int MAX_LINK_BYTES = 1024;

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
        ZipFile zip;
        try {
            zip = ZipFile.builder()
                    .setFile(file.toFile())
                    .setCharset(StandardCharsets.UTF_8)
                    .get();
        } catch (IOException e) {
            // The upload is a file of this replica's: what cannot be read of it is not a zip.
            throw new InvalidPackageException("(the package)", "not a zip file: " + e.getMessage());
        }
        return new PackageArchive(zip, limits);
    }

    public Limits limits() {
        return limits;
    }

    /** Whether it holds a file (not a folder) at this path, or a link (which leads to one, or fails to be read). */
    public boolean has(String path) {
        ZipArchiveEntry entry = zip.getEntry(path);
        return entry != null && !entry.isDirectory();
    }

    /** The paths of the files it holds, as its directory lists them (listed once: a reader walks them often). */
    public List<String> files() {
        if (files == null) {
            List<String> listed = new ArrayList<>();
            for (ZipArchiveEntry entry : Collections.list(zip.getEntries())) {
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
        String text = Utf8.decode(bytes(path, maxBytes))
                .orElseThrow(() -> new InvalidPackageException(path, "it is not UTF-8 text"));
        // Text is stored as PostgreSQL text, which refuses U+0000 (a NUL in a title or an include/ file
        // was once a 500); tests, stored as bytes, keep theirs.
        if (text.indexOf('\0') >= 0) {
            throw new InvalidPackageException(path, "it holds a NUL character, which no text of a problem may");
        }
        return text;
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
        return read(path, fileAt(checkedPath(path)), maxBytes);
    }

    /**
     * The file a path names: its entry, or, for a symbolic link (the format allows links to other files in
     * the package), the file its chain of links leads to, each relative to its own folder. A link out of
     * the package, to a folder or to nothing, or in a chain of over {@value #MAX_LINKS_FOLLOWED} (a loop),
     * is refused by name; a link's target is read as text, never followed on a disk.
     */
    private ZipArchiveEntry fileAt(String path) throws IOException {
        String at = path;
        for (int followed = 0; followed <= MAX_LINKS_FOLLOWED; followed++) {
            ZipArchiveEntry entry = zip.getEntry(at);
            if (entry == null || entry.isDirectory()) {
                throw new InvalidPackageException(path, "it is a link to " + at + ", which is no file in the package");
            }
            if (!entry.isUnixSymlink()) {
                return entry;
            }
            String target = Utf8.decode(read(path, entry, MAX_LINK_BYTES))
                    .orElseThrow(() -> new InvalidPackageException(path, "it is a link whose target is not UTF-8"));
            String resolved =
                    target.startsWith("/") ? null : normalized(at.substring(0, at.lastIndexOf('/') + 1) + target);
            if (resolved == null || !isPlain(resolved)) {
                throw new InvalidPackageException(path, "it is a link out of the package (" + target + ")");
            }
            at = resolved;
        }
        throw new InvalidPackageException(
                path, "it is a link in a chain of over " + MAX_LINKS_FOLLOWED + " links, or in a loop");
    }

    /** A relative path with its {@code .} and {@code ..} names taken away; null if it leaves the package. */
    private static String normalized(String path) {
        java.util.Deque<String> names = new java.util.ArrayDeque<>();
        for (String name : path.split("/", -1)) {
            if (name.equals("..")) {
                if (names.pollLast() == null) {
                    return null;
                }
            } else if (!name.isEmpty() && !name.equals(".")) {
                names.addLast(name);
            }
        }
        return String.join("/", names);
    }

    private byte[] read(String path, ZipArchiveEntry entry, long maxBytes) throws IOException {
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
        countUnpacked(path, bytes.length);
        return bytes;
    }

    /**
     * Counts bytes made of an entry as unpacked ones of the package, within {@link Limits#maxUnpackedBytes}:
     * those read from it, and what an entry grows by when its format fills something in (an ICPC
     * package's constants).
     */
    public void countUnpacked(String path, long bytes) {
        unpacked += Math.max(0, bytes);
        if (unpacked > limits.maxUnpackedBytes()) {
            throw new InvalidPackageException(
                    path, "the package is over " + limits.maxUnpackedBytes() + " bytes unpacked", true);
        }
    }

    @Override
    public void close() throws IOException {
        zip.close();
    }
}
