package dev.judge.api.problem;

import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.Mockito.verifyNoInteractions;
import static org.mockito.Mockito.when;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import java.util.List;
import java.util.Optional;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.context.annotation.Import;
import org.springframework.http.MediaType;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;

import dev.judge.api.system.StrictJson;
import dev.judge.contracts.OutputComparison;

/**
 * JSON read as the OpenAPI document (JSON Schema) types it, shown on the problem endpoint: a string
 * is not a number, a number without a fraction is an integer whatever its notation, a null is a
 * field left out, and a key is given once.
 */
@WebMvcTest(ProblemController.class)
@Import(StrictJson.class)
class ProblemControllerTests {

    @Autowired
    MockMvc http;

    @MockitoBean
    ProblemRepository problems;

    @ParameterizedTest(name = "{0} → {1}")
    @CsvSource(delimiter = '|', textBlock = """
            "memoryLimitMb": 256                      | 201
            "memoryLimitMb": 256.0                    | 201
            "memoryLimitMb": 2.56e2                   | 201
            "memoryLimitMb": 256.5                    | 400
            "memoryLimitMb": "256"                    | 400
            "memoryLimitMb": true                     | 400
            "memoryLimitMb": 1e400                    | 400
            "stopOnFirstFailure": null                | 201
            "stopOnFirstFailure": "true"              | 400
            "stopOnFirstFailure": 1                   | 400
            "comparison": "WHITESPACE"                | 201
            "comparison": 1                           | 400
            "comparison": null                        | 201
            "title": 5                                | 400
            "title": false                            | 400
            "memoryLimitMb": 256, "memoryLimitMb": 64 | 400
            """)
    void readsJsonAsTheDocumentTypesIt(String members, int status) throws Exception {
        when(problems.insert(any())).thenReturn(1L);
        when(problems.find(anyLong())).thenReturn(Optional.of(new ProblemView(1, "Types", 1000, 64,
                OutputComparison.EXACT, true, List.of(new ProblemView.TestCaseView("1", "1")))));
        var response = http.perform(post("/api/problems").contentType(MediaType.APPLICATION_JSON).content(body(members)));
        response.andExpect(status().is(status));
        if (status == 400) {
            response.andExpect(header().string("Content-Type", "application/problem+json"));
            verifyNoInteractions(problems);
        }
    }

    /** A valid problem with these members added; the defaults give way to a member of the same name. */
    private static String body(String members) {
        StringBuilder json = new StringBuilder("{\"timeLimitMs\": 1000, \"testCases\": [{\"input\": \"1\", \"expectedOutput\": \"1\"}]");
        if (!members.contains("\"title\"")) {
            json.append(", \"title\": \"Types\"");
        }
        if (!members.contains("\"memoryLimitMb\"")) {
            json.append(", \"memoryLimitMb\": 64");
        }
        return json.append(", ").append(members).append('}').toString();
    }
}
