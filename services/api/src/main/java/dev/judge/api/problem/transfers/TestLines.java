package dev.judge.api.problem.transfers;

import java.io.IOException;
import java.io.UncheckedIOException;

import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Component;
import org.springframework.web.servlet.mvc.method.annotation.StreamingResponseBody;
import tools.jackson.core.StreamWriteFeature;
import tools.jackson.databind.ObjectWriter;
import tools.jackson.databind.json.JsonMapper;

import dev.judge.api.problem.ProblemRepository;
import dev.judge.contracts.TestData;

/** A version's tests as a response of one JSON test case per line, read from the database one at a time. */
@Component
public class TestLines {

    private final ProblemRepository problems;
    private final ObjectWriter lines;

    TestLines(ProblemRepository problems, JsonMapper json) {
        this.problems = problems;
        // Straight into the response, not through a copy of each test; the response stays open for the next.
        this.lines = json.writer().without(StreamWriteFeature.AUTO_CLOSE_TARGET);
    }

    public ResponseEntity<StreamingResponseBody> stream(long id, int version) {
        StreamingResponseBody body = out -> problems.streamTests(id, version, test -> {
            try {
                lines.writeValue(out, test);
                out.write('\n');
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        return ResponseEntity.ok()
                .contentType(MediaType.parseMediaType(TestData.MEDIA_TYPE))
                .body(body);
    }
}
