package dev.judge.contracts;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

import dev.judge.contracts.JudgeRequest.TestCase;

/** The hash both sides of a test-data fetch compute: it must tell apart every change to the tests. */
class TestDataDigestTests {

    private static TestData digest(TestCase... tests) {
        TestData.Digest digest = new TestData.Digest();
        for (TestCase test : tests) {
            digest.add(test);
        }
        return digest.of(1, 1);
    }

    @Test
    void countsTestsAndTheirBytesInUtf8() {
        TestData data = digest(new TestCase("ä", "12", "g"), new TestCase("", "x"));

        assertThat(data.count()).isEqualTo(2);
        assertThat(data.bytes()).isEqualTo(2 + 2 + 0 + 1);
        assertThat(data.sha256()).hasSize(64);
    }

    @Test
    void theSameTestsGiveTheSameHashAndBytesGiveTheSameAsText() {
        TestData fromText = digest(new TestCase("1 2\n", "3\n", "small"));
        TestData fromBytes = new TestData.Digest()
                .add(
                        "small".getBytes(StandardCharsets.UTF_8),
                        "1 2\n".getBytes(StandardCharsets.UTF_8),
                        "3\n".getBytes(StandardCharsets.UTF_8))
                .of(1, 1);

        assertThat(digest(new TestCase("1 2\n", "3\n", "small"))).isEqualTo(fromText);
        assertThat(fromBytes).isEqualTo(fromText);
    }

    @Test
    void anyChangeChangesTheHash() {
        String original = digest(new TestCase("ab", "c", null), new TestCase("d", "e", null))
                .sha256();

        assertThat(digest(new TestCase("a", "bc", null), new TestCase("d", "e", null))
                        .sha256())
                .as("a byte moved from input to answer")
                .isNotEqualTo(original);
        assertThat(digest(new TestCase("d", "e", null), new TestCase("ab", "c", null))
                        .sha256())
                .as("tests reordered")
                .isNotEqualTo(original);
        assertThat(digest(new TestCase("ab", "c", ""), new TestCase("d", "e", null))
                        .sha256())
                .as("an empty group instead of none")
                .isNotEqualTo(original);
        assertThat(digest(new TestCase("ab", "c", null)).sha256())
                .as("a test left out")
                .isNotEqualTo(original);
    }
}
