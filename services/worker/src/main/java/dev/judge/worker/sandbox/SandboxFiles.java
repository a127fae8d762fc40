package dev.judge.worker.sandbox;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Comparator;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The worker's only way to read or write a file in a folder a program could write: a program (a
 * contestant's, or a setter's checker or interactor) may leave a symbolic link, a FIFO, a device or a
 * folder where the worker expects a file, to make the worker read or write something of its own, or
 * block it for good.
 *
 * <p>Reads take regular files only, opened without following a link (O_NOFOLLOW) after their type was
 * checked; anything else reads as nothing. Writes
 * first remove whatever is at the name (without following it) and then create a new file (O_EXCL,
 * which never follows a link). Neither ever opens a FIFO, so neither can block.
 *
 * <p>Safe because the worker touches these folders only between runs, when judge-init has killed every
 * process of the sandbox: nothing is left to swap a name between the check and the open (and
 * O_NOFOLLOW, O_EXCL still hold if something were).
 */
public final class SandboxFiles {

    private static final LinkOption[] NO_FOLLOW = {LinkOption.NOFOLLOW_LINKS};

    private SandboxFiles() {}

    /** The start of a regular file, up to {@code limit} bytes; empty for anything else or nothing. */
    public static byte[] readRegular(Path file, long limit) throws IOException {
        try (InputStream in = openRegular(file)) {
            return in == null ? new byte[0] : in.readNBytes((int) Math.min(limit, Integer.MAX_VALUE - 8));
        }
    }

    /** As {@link #readRegular}, decoded as UTF-8. */
    public static String readRegularText(Path file, long limit) throws IOException {
        return new String(readRegular(file, limit), StandardCharsets.UTF_8);
    }

    /** The size of a regular file; -1 for anything else or nothing. */
    public static long regularSize(Path file) {
        BasicFileAttributes attributes = attributes(file);
        return attributes != null && attributes.isRegularFile() ? attributes.size() : -1;
    }

    /** Replaces whatever is at {@code file} by a new file holding {@code text}. */
    public static void writeFresh(Path file, String text) throws IOException {
        try (OutputStream out = createFresh(file)) {
            out.write(text.getBytes(StandardCharsets.UTF_8));
        }
    }

    /**
     * Replaces whatever is at {@code to} by a copy of the regular file {@code from} (a program's output,
     * say); a {@code from} that is not a regular file gives an empty copy.
     */
    public static void copyFresh(Path from, Path to) throws IOException {
        try (InputStream in = openRegular(from);
                OutputStream out = createFresh(to)) {
            if (in != null) {
                in.transferTo(out);
            }
        }
    }

    /**
     * Copies a folder's folders and regular files into {@code to} (a fresh sandbox's folder), readable
     * and runnable by any uid: a built program, to run in another sandbox. A link is neither followed
     * nor copied, nor is a FIFO or a device: the folder is one a program ran in.
     */
    public static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) { // Files.walk follows no link
            for (Path file : files.filter(file -> !file.equals(from)).toList()) {
                Path copy = to.resolve(from.relativize(file).toString());
                if (Files.isDirectory(file, LinkOption.NOFOLLOW_LINKS)) {
                    Files.createDirectories(copy);
                } else if (regularSize(file) >= 0) {
                    copyFresh(file, copy);
                } else {
                    continue;
                }
                Files.setPosixFilePermissions(copy, PosixFilePermissions.fromString("rwxr-xr-x"));
            }
        }
    }

    /** Overwrites a file the program cannot replace (a stream bound into the sandbox) in place. */
    static void overwrite(Path file, String text) throws IOException {
        requireRegular(file);
        try (OutputStream out = Channels.newOutputStream(Files.newByteChannel(
                file,
                Set.of(StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING, LinkOption.NOFOLLOW_LINKS)))) {
            out.write(text.getBytes(StandardCharsets.UTF_8));
        }
    }

    /** Removes what is at {@code path}, a folder with all it holds; links are removed, never followed. */
    public static void remove(Path path) throws IOException {
        BasicFileAttributes attributes = attributes(path);
        if (attributes == null) {
            return;
        }
        if (attributes.isDirectory()) {
            try (Stream<Path> inside = Files.walk(path)) { // Files.walk follows no link
                for (Path each : inside.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(each);
                }
            }
        } else {
            Files.deleteIfExists(path);
        }
    }

    private static OutputStream createFresh(Path file) throws IOException {
        remove(file);
        return Files.newOutputStream(
                file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS);
    }

    /** The file, opened for reading if it is a regular file; null if it is anything else. */
    private static InputStream openRegular(Path file) throws IOException {
        BasicFileAttributes checked = attributes(file);
        if (checked == null || !checked.isRegularFile()) {
            return null;
        }
        return Channels.newInputStream(
                Files.newByteChannel(file, Set.of(StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS)));
    }

    private static void requireRegular(Path file) throws IOException {
        BasicFileAttributes attributes = attributes(file);
        if (attributes == null || !attributes.isRegularFile()) {
            throw new IOException("Not a regular file: " + file);
        }
    }

    private static BasicFileAttributes attributes(Path path) {
        try {
            return Files.getFileAttributeView(path, BasicFileAttributeView.class, NO_FOLLOW)
                    .readAttributes();
        } catch (IOException e) {
            return null;
        }
    }
}
