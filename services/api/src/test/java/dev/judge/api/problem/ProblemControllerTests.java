package dev.judge.api.problem;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.Mockito.verifyNoInteractions;
import static org.mockito.Mockito.when;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.context.annotation.Import;
import org.springframework.http.MediaType;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import dev.judge.api.access.Caller;
import dev.judge.api.access.Callers;
import dev.judge.api.system.StrictJson;
import dev.judge.contracts.Checker;
import dev.judge.contracts.JudgeRequest;
import dev.judge.contracts.TestData;
import dev.judge.contracts.language.Language;

/**
 * JSON read as the OpenAPI document (JSON Schema) types it, shown on the problem endpoint: a string
 * is not a number, a number without a fraction is an integer whatever its notation, a null is a
 * field left out, and a key is given once.
 */
@WebMvcTest(ProblemController.class)
@Import(StrictJson.class)
@EnableConfigurationProperties(TestDataProperties.class)
class ProblemControllerTests {

    @Autowired
    MockMvc http;

    @MockitoBean
    ProblemService service;

    @MockitoBean
    ProblemRepository problems;

    @MockitoBean
    ProblemAccess access;

    // Every /api request passes through the caller check; these tests are of anonymous calls.
    @MockitoBean
    Callers callers;

    @BeforeEach
    void anonymousCallers() {
        when(callers.resolve(any())).thenReturn(new Caller.Anonymous());
    }

    /** The document's pattern for a setter's standard and the contract's list are one set. */
    @Test
    void theStandardPatternAllowsExactlyTheContractsStandards() {
        for (String standard : Language.CompileOptions.STANDARDS) {
            assertThat(standard).matches(ProblemRequest.STANDARD);
        }
        assertThat(ProblemRequest.STANDARD.split("\\|")).hasSize(Language.CompileOptions.STANDARDS.size());
    }

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
            "checker": {"kind": "float", "epsilon": 1e-6}  | 201
            "checker": {"kind": "float"}                   | 400
            "checker": {"kind": "FLOAT", "epsilon": 1e-6}  | 400
            "checker": {"kind": "exact", "epsilon": 1e-6}  | 400
            "checker": {"kind": "whitespace"}              | 201
            "checker": {"kind": "exact"}, "comparison": "EXACT" | 400
            "checker": {"kind": "custom", "language": "cpp", "sourceCode": "int main() {}", "files": {"testlib.h": "//"}} | 201
            "checker": {"kind": "custom", "language": "cpp"}                                   | 400
            "checker": {"kind": "custom", "language": "cpp", "sourceCode": "x", "files": {"answer": "x"}} | 400
            "checker": {"kind": "custom", "language": "cpp", "sourceCode": "x", "files": {"../x": "x"}}   | 400
            "checker": {"kind": "custom", "language": "cpp", "sourceCode": "x", "standard": "c++17", "defines": ["N=3", "ONLINE_JUDGE"]} | 201
            "checker": {"kind": "custom", "language": "cpp", "sourceCode": "x", "standard": "gnu++17"}             | 400
            "checker": {"kind": "custom", "language": "cpp", "sourceCode": "x", "defines": ["-fplugin=/tmp/x.so"]} | 400
            "checker": {"kind": "custom", "language": "cpp", "sourceCode": "x", "defines": ["X=$(id)"]}           | 400
            "checker": {"kind": "exact", "standard": "c++17"}                                                     | 400
            "checker": {"kind": "custom", "language": "cpp", "sourceCode": "x", "scores": "points"}               | 201
            "checker": {"kind": "custom", "language": "cpp", "sourceCode": "x", "scores": "percent"}              | 400
            "checker": {"kind": "whitespace", "scores": "points"}                                                 | 400
            "checker": {"kind": "tokens"}                                                                         | 201
            "checker": {"kind": "tokens", "tokens": {"caseSensitive": true, "absoluteTolerance": 1e-6}}          | 201
            "checker": {"kind": "tokens", "tokens": {"relativeTolerance": -1}}                                    | 400
            "checker": {"kind": "tokens", "epsilon": 1e-6}                                                        | 400
            "checker": {"kind": "float", "epsilon": 1e-6, "tokens": {"caseSensitive": true}}                      | 400
            "interactor": {"language": "c", "sourceCode": "int main() {}"}                     | 201
            "interactor": {"language": "c", "sourceCode": "int main() {}", "defines": ["X; rm"]} | 400
            "interactor": {"language": "c"}                                                    | 400
            "interactor": {"language": "c", "sourceCode": "x", "protocol": "kattis", "arguments": ["float_tolerance", "1e-6"]} | 201
            "interactor": {"language": "c", "sourceCode": "x", "arguments": ["case_sensitive"]}  | 400
            "interactor": {"language": "c", "sourceCode": "x", "protocol": "KATTIS"}              | 400
            "interactor": {"language": "c", "sourceCode": "x", "protocol": "kattis", "arguments": ["a\\nb"]} | 400
            "checker": {"kind": "custom", "language": "c", "sourceCode": "x", "protocol": "kattis", "arguments": ["case_sensitive"]} | 201
            "checker": {"kind": "whitespace", "protocol": "kattis"}                               | 400
            "interactor": {"language": "c", "sourceCode": "x"}, "checker": {"kind": "custom", "language": "c", "sourceCode": "y"} | 201
            "interactor": {"language": "c", "sourceCode": "x"}, "checker": {"kind": "whitespace"} | 201
            "groups": [{"name": "a", "points": 10}], "testCases": [{"input": "1", "expectedOutput": "1", "group": "a"}] | 201
            "groups": [{"name": "a", "points": 10}], "testCases": [{"input": "1", "expectedOutput": "1"}]              | 400
            "groups": [{"name": "a", "points": 10}], "testCases": [{"input": "1", "expectedOutput": "1", "group": "b"}] | 400
            "testCases": [{"input": "1", "expectedOutput": "1", "group": "a"}]                                           | 400
            "groups": [{"name": "a", "points": 1}, {"name": "b", "points": 2, "dependsOn": ["a"]}], "testCases": [{"input": "1", "expectedOutput": "1", "group": "b"}, {"input": "2", "expectedOutput": "2", "group": "a"}] | 201
            "groups": [{"name": "a", "points": 1, "dependsOn": ["b"]}, {"name": "b", "points": 2}], "testCases": [{"input": "1", "expectedOutput": "1", "group": "a"}, {"input": "2", "expectedOutput": "2", "group": "b"}] | 400
            "groups": [{"name": "a", "points": 1}, {"name": "a", "points": 2}], "testCases": [{"input": "1", "expectedOutput": "1", "group": "a"}] | 400
            "groups": [{"name": "a", "points": 1}, {"name": "b", "points": 2}], "testCases": [{"input": "1", "expectedOutput": "1", "group": "a"}] | 400
            "groups": [{"name": "a", "points": -1}], "testCases": [{"input": "1", "expectedOutput": "1", "group": "a"}] | 400
            "validator": {"language": "c", "sourceCode": "x", "protocol": "kattis"}, "furtherValidators": [{"language": "python", "sourceCode": "y", "protocol": "kattis"}] | 201
            "furtherValidators": [{"language": "python", "sourceCode": "y", "protocol": "kattis"}]                  | 400
            "validator": {"language": "c", "sourceCode": "x"}, "furtherValidators": [{"language": "c", "sourceCode": "1"}, {"language": "c", "sourceCode": "2"}, {"language": "c", "sourceCode": "3"}, {"language": "c", "sourceCode": "4"}] | 400
            "validator": {"language": "c", "sourceCode": "x"}, "furtherValidators": [{"language": "c"}]             | 400
            "validator": {"language": "c", "sourceCode": "x", "protocol": "kattis", "testArguments": {"1": ["--max", "10"]}} | 201
            "validator": {"language": "c", "sourceCode": "x", "testArguments": {"1": ["--max", "10"]}}                 | 400
            "validator": {"language": "c", "sourceCode": "x", "protocol": "kattis", "testArguments": {"0": ["a"]}}    | 400
            "validator": {"language": "c", "sourceCode": "x", "protocol": "kattis", "testArguments": {"1": ["a\\nb"]}} | 400
            "timeLimits": {"java": {"factor": 2, "offsetMs": 1000}}  | 201
            "timeLimits": {"java": {"factor": 0}}                    | 400
            "timeLimits": {"java": {"offsetMs": 1000}}               | 400
            "setterLimits": {"timeLimitMs": 15000, "memoryLimitMb": 1024} | 201
            "setterLimits": {"timeLimitMs": null}                    | 201
            "setterLimits": {"timeLimitMs": 0}                       | 400
            "setterLimits": {"timeLimitMs": 15001}                   | 400
            "setterLimits": {"memoryLimitMb": 4096}                  | 400
            "setterLimits": {"memoryLimitMb": "512"}                 | 400
            """)
    void readsJsonAsTheDocumentTypesIt(String members, int status) throws Exception {
        when(service.create(any(), any())).thenReturn(1L);
        when(problems.findCurrent(anyLong(), anyLong()))
                .thenReturn(Optional.of(new ProblemVersion(
                        1,
                        1,
                        "Types",
                        1000,
                        64,
                        true,
                        Checker.EXACT,
                        null,
                        List.of(),
                        Map.of(),
                        List.of(new JudgeRequest.TestCase("1", "1")),
                        new TestData.Digest()
                                .add(new JudgeRequest.TestCase("1", "1"))
                                .of(1, 1),
                        null,
                        ProblemVersion.Preparation.READY,
                        List.of(),
                        null,
                        null,
                        null,
                        null,
                        false,
                        null,
                        null,
                        null,
                        null)));
        var response = http.perform(
                post("/api/problems").contentType(MediaType.APPLICATION_JSON).content(body(members)));
        response.andExpect(status().is(status));
        if (status == 400) {
            response.andExpect(header().string("Content-Type", "application/problem+json"));
            verifyNoInteractions(service, problems, access);
        }
    }

    /** A valid problem with these members added; the defaults give way to a member of the same name at the top. */
    private static String body(String members) {
        JsonNode given = JsonMapper.builder().build().readTree("{" + members + "}");
        StringBuilder json = new StringBuilder("{\"timeLimitMs\": 1000");
        if (!given.has("testCases")) {
            json.append(", \"testCases\": [{\"input\": \"1\", \"expectedOutput\": \"1\"}]");
        }
        if (!given.has("title")) {
            json.append(", \"title\": \"Types\"");
        }
        if (!given.has("memoryLimitMb")) {
            json.append(", \"memoryLimitMb\": 64");
        }
        return json.append(", ").append(members).append('}').toString();
    }

    /** An empty value is no number (Schemathesis, seed 1948669013: {@code limit=} answered 200), not the default. */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"limit=", "after=", "after=&limit=5"})
    void refusesAnEmptyPageParameterWhereTheSchemaWantsANumber(String query) throws Exception {
        http.perform(get("/api/problems?" + query)).andExpect(status().isBadRequest());
        verifyNoInteractions(problems);
    }

    @Test
    void listsWithThePageParametersLeftOut() throws Exception {
        http.perform(get("/api/problems")).andExpect(status().isOk());
        http.perform(get("/api/problems?after=0&limit=1")).andExpect(status().isOk());
    }
}
