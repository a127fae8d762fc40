package dev.judge.api.problem.importing.polygon;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/**
 * Problem packages for tests, Polygon's (tests/polygon) and ICPC/Kattis ones (tests/kattis), written for
 * this project (no third party's package is copied into it).
 */
public final class TestPackages {

    private TestPackages() {}

    /**
     * tests/polygon/sum-of-two: a package as Polygon's standard export lays it out (tests with answers,
     * a std checker's source, a validator, a generator, tagged solutions); its files by path.
     */
    public static Map<String, String> sumOfTwo() throws IOException {
        return files("sum-of-two");
    }

    /**
     * tests/polygon/sum-function: an IOI-style problem whose resources for solutions are graders, in C++
     * (a source and a header), Python and Java; its solutions implement the function.
     */
    public static Map<String, String> sumFunction() throws IOException {
        return files("sum-function");
    }

    /** tests/kattis/{name}: a package in the problem package format; its files by path. */
    public static Map<String, String> kattis(String name) throws IOException {
        return files(Path.of("../../tests/kattis").resolve(name));
    }

    private static Map<String, String> files(String name) throws IOException {
        return files(Path.of(System.getProperty("judge.polygon-packages", "../../tests/polygon"))
                .resolve(name));
    }

    private static Map<String, String> files(Path root) throws IOException {
        Map<String, String> files = new TreeMap<>();
        try (Stream<Path> paths = Files.walk(root)) {
            // Python's bytecode caches are not the package's (a compileall over tests/ leaves them).
            for (Path file : paths.filter(Files::isRegularFile)
                    .filter(file -> !file.toString().contains("__pycache__"))
                    .toList()) {
                files.put(root.relativize(file).toString(), Files.readString(file));
            }
        }
        return files;
    }

    /** sum-of-two as a package exported without its generated tests and its answers: the generator and main solution make them. */
    public static Map<String, String> sumOfTwoToGenerate() throws IOException {
        Map<String, String> files = sumOfTwo();
        List.of("tests/01.a", "tests/02", "tests/02.a", "tests/03", "tests/03.a", "tests/04", "tests/04.a")
                .forEach(files::remove);
        return files;
    }

    /** A file's content that {@link #zip} writes as an entry whose compressed data is broken. */
    public static final String CORRUPT = "(an entry whose data is broken)";

    public static byte[] zip(Map<String, String> files) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        int brokenFrom = -1;
        int brokenTo = -1;
        try (ZipOutputStream entries = new ZipOutputStream(bytes)) {
            for (Map.Entry<String, String> file : files.entrySet()) {
                entries.putNextEntry(new ZipEntry(file.getKey()));
                entries.flush();
                int from = bytes.size();
                boolean corrupt = file.getValue().equals(CORRUPT);
                String content = corrupt ? "1 2 3 4 5 6 7 8 9\n".repeat(10_000) : file.getValue();
                entries.write(content.getBytes(StandardCharsets.UTF_8));
                entries.closeEntry();
                if (corrupt) {
                    brokenFrom = from;
                    brokenTo = bytes.size();
                }
            }
        }
        byte[] zip = bytes.toByteArray();
        // The start of the entry's deflated data, overwritten: a block of the reserved type 3, which no
        // inflater takes.
        for (int at = brokenFrom; brokenFrom >= 0 && at < Math.min(brokenTo, brokenFrom + 16); at++) {
            zip[at] = (byte) 0xff;
        }
        return zip;
    }
}
