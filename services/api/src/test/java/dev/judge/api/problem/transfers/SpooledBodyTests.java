package dev.judge.api.problem.transfers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.springframework.http.HttpStatus;
import org.springframework.web.ErrorResponseException;

class SpooledBodyTests {

    @Test
    void keepsABodyWithinItsLimitWholeAndOnlyOneBytePastIt() throws IOException {
        try (SpooledBody within = SpooledBody.of(new ByteArrayInputStream("0123456789".getBytes()), 10)) {
            assertThat(within.overLimit()).isFalse();
            assertThat(Files.readString(within.file())).isEqualTo("0123456789");
        }
        try (SpooledBody over = SpooledBody.of(new ByteArrayInputStream(new byte[1 << 20]), 10)) {
            assertThat(over.overLimit()).isTrue();
            assertThat(Files.size(over.file())).isEqualTo(11);
        }
    }

    /** A client whose body breaks off is at fault (400), and the file it began is gone. */
    @Test
    void aBodyCutShortIsTheClientsFaultAndLeavesNoFile() throws IOException {
        long before = spoolFiles();
        InputStream cut = new InputStream() {
            private int left = 100;

            @Override
            public int read() throws IOException {
                if (left == 0) {
                    throw new IOException("early EOF");
                }
                left--;
                return 'x';
            }
        };
        assertThatThrownBy(() -> SpooledBody.of(cut, 1000))
                .isInstanceOfSatisfying(
                        ErrorResponseException.class,
                        refused -> assertThat(refused.getStatusCode()).isEqualTo(HttpStatus.BAD_REQUEST));
        assertThat(spoolFiles()).isEqualTo(before);
    }

    private static long spoolFiles() throws IOException {
        try (var files = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            return files.filter(file -> file.getFileName().toString().startsWith("judge-body-"))
                    .count();
        }
    }
}
