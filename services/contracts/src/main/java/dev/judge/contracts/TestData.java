package dev.judge.contracts;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * A problem version's tests sent by reference: the API serves them, as one JSON test case per line
 * ({@link #MEDIA_TYPE}) at {@link #path(long, int)}, to workers that show {@link #TOKEN_HEADER}; a worker
 * fetches a version once, checks it against {@code sha256} and keeps it on its disk. Requests carry
 * this instead of the tests when they are large, so that a burst does not copy them through the broker
 * once per submission.
 *
 * @param sha256 of the tests' content as {@link Digest} computes it, hex
 * @param bytes the inputs and answers together, in UTF-8
 * @param count how many tests
 */
public record TestData(long problemId, int version, String sha256, long bytes, int count) {

    public static final String MEDIA_TYPE = "application/x-ndjson";

    /** Carries the workers' shared token; the endpoint answers nobody else. */
    public static final String TOKEN_HEADER = "X-Judge-Worker-Token";

    public static String path(long problemId, int version) {
        return "/internal/problems/" + problemId + "/versions/" + version + "/tests";
    }

    public String path() {
        return path(problemId, version);
    }

    /**
     * The content hash of a problem version's tests, in order: each test's group, input and answer,
     * length-prefixed. Of the content, not of its encoding, so that the API and the worker agree however
     * the JSON between them is written.
     */
    public static final class Digest {

        private final MessageDigest sha256;
        private long bytes;
        private int count;

        public Digest() {
            try {
                sha256 = MessageDigest.getInstance("SHA-256");
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException("Every JVM has SHA-256", e);
            }
        }

        public Digest add(JudgeRequest.TestCase test) {
            return add(
                    test.group() == null ? null : test.group().getBytes(StandardCharsets.UTF_8),
                    test.input().getBytes(StandardCharsets.UTF_8),
                    test.expectedOutput().getBytes(StandardCharsets.UTF_8));
        }

        /** The same as {@link #add(JudgeRequest.TestCase)} for a test whose input and answer are UTF-8 already. */
        public Digest add(byte[] group, byte[] input, byte[] answer) {
            update(group);
            update(input);
            update(answer);
            bytes += input.length + answer.length;
            count++;
            return this;
        }

        /** The inputs' and answers' bytes added so far. */
        public long bytes() {
            return bytes;
        }

        public TestData of(long problemId, int version) {
            return new TestData(problemId, version, HexFormat.of().formatHex(sha256.digest()), bytes, count);
        }

        // -1 for no group, so that a null group and an empty one differ.
        private void update(byte[] part) {
            long length = part == null ? -1 : part.length;
            for (int shift = 56; shift >= 0; shift -= 8) {
                sha256.update((byte) (length >>> shift));
            }
            if (part != null) {
                sha256.update(part);
            }
        }
    }
}
