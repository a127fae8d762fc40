package dev.judge.contracts;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import dev.judge.contracts.language.Language;

/**
 * A program a problem's setter wrote: a custom checker or an interactor. It runs in a sandbox of its
 * own, never in the contestant's.
 *
 * @param language a language id of the catalog
 * @param sourceCode saved under the language's source file name
 * @param files more files saved next to it, by name (a checker's {@code testlib.h})
 * @param compileOptions its language standard and macros where they differ from the catalog's; null
 *        for none (and in messages before contract version 5)
 * @param protocol how a checker or interactor is run and read; never null ({@link Protocol#TESTLIB} in
 *        messages before contract version 13)
 * @param arguments for {@link Protocol#KATTIS}: what it gets after its three (a package's
 *        {@code validator_flags}); none for testlib's
 * @param testArguments for a package's input validator: the arguments of the tests, by number from 1,
 *        whose folder gives it its own ({@code input_validator_args}), in place of {@code arguments};
 *        empty for none (and before contract version 15)
 */
public record ProblemProgram(
        String language,
        String sourceCode,
        Map<String, String> files,
        Language.CompileOptions compileOptions,
        Protocol protocol,
        List<String> arguments,
        Map<Integer, List<String>> testArguments) {

    /** How a setter's checker or interactor is run on a test, and how what it says is read. */
    public enum Protocol {
        /** testlib's: {@code program input output answer}; testlib's exit codes; its stderr the message. */
        TESTLIB,
        /**
         * The problem package format's output validators: {@code program input answer feedback_dir/
         * [arguments]} with the output on stdin (an interactor's stdin and stdout the program's);
         * exit 42 accepted, 43 wrong answer; {@code judgemessage.txt} in the feedback folder the message.
         */
        KATTIS,
        /**
         * CMS's comparator (a checker only, since contract version 18): {@code program input answer output};
         * the first line of its stdout the test's outcome, a share in [0, 1], and the first of its stderr
         * the contestant's message ({@code translate:success}, {@code translate:wrong} and {@code
         * translate:partial} stand for CMS's own); any exit but 0 is its own failure.
         */
        CMS
    }

    public ProblemProgram {
        files = files == null ? Map.of() : new TreeMap<>(files);
        compileOptions = compileOptions == null || compileOptions.isDefault() ? null : compileOptions;
        protocol = protocol == null ? Protocol.TESTLIB : protocol;
        arguments = arguments == null ? List.of() : List.copyOf(arguments);
        testArguments = testArguments == null ? Map.of() : new TreeMap<>(testArguments);
    }

    public ProblemProgram(
            String language,
            String sourceCode,
            Map<String, String> files,
            Language.CompileOptions compileOptions,
            Protocol protocol,
            List<String> arguments) {
        this(language, sourceCode, files, compileOptions, protocol, arguments, null);
    }

    /** What it gets on the test of this number (from 1). */
    public List<String> argumentsFor(int test) {
        return testArguments.getOrDefault(test, arguments);
    }

    public ProblemProgram(
            String language, String sourceCode, Map<String, String> files, Language.CompileOptions compileOptions) {
        this(language, sourceCode, files, compileOptions, Protocol.TESTLIB, List.of());
    }

    public ProblemProgram(String language, String sourceCode, Map<String, String> files) {
        this(language, sourceCode, files, null);
    }

    /**
     * A SHA-256 of everything that goes into building it (not how it is run: its protocol and
     * arguments): equal for equal programs, whichever problem or version they belong to, so that
     * workers build each one once.
     */
    public String contentHash() {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            update(digest, language);
            update(digest, sourceCode);
            files.forEach((name, content) -> {
                update(digest, name);
                update(digest, content);
            });
            if (compileOptions != null) {
                update(digest, "compile-options");
                update(digest, String.valueOf(compileOptions.standard()));
                compileOptions.defines().forEach(define -> update(digest, define));
            }
            return HexFormat.of().formatHex(digest.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("Every JVM has SHA-256", e);
        }
    }

    // Length-prefixed, so that moving text from one part to the next changes the hash.
    private static void update(MessageDigest digest, String part) {
        byte[] bytes = part.getBytes(StandardCharsets.UTF_8);
        digest.update(Integer.toString(bytes.length).getBytes(StandardCharsets.US_ASCII));
        digest.update((byte) ':');
        digest.update(bytes);
    }
}
