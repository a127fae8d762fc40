package dev.judge.contracts;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
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
 */
public record ProblemProgram(
        String language, String sourceCode, Map<String, String> files, Language.CompileOptions compileOptions) {

    public ProblemProgram {
        files = files == null ? Map.of() : new TreeMap<>(files);
        compileOptions = compileOptions == null || compileOptions.isDefault() ? null : compileOptions;
    }

    public ProblemProgram(String language, String sourceCode, Map<String, String> files) {
        this(language, sourceCode, files, null);
    }

    /**
     * A SHA-256 of everything that goes into building it: equal for equal programs, whichever problem
     * or version they belong to, so that workers build each one once.
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
