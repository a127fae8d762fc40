package dev.judge.api.submission;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.doReturn;
import static org.mockito.Mockito.verifyNoInteractions;
import static org.mockito.Mockito.when;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.context.annotation.Import;
import org.springframework.http.MediaType;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.MvcResult;

import dev.judge.api.access.Caller;
import dev.judge.api.access.Callers;
import dev.judge.api.access.UnauthorizedException;
import dev.judge.api.system.StrictJson;
import dev.judge.api.system.UnknownReferenceException;
import dev.judge.contracts.SubmissionStatus;

/**
 * Accepting submissions: the POSTs' HTTP shape and validation, without a database, broker or server: what a
 * client must send, and what it gets back, from {@link SubmitShortcut} as from Spring MVC. The same requests
 * against the real stack are in the *IT.
 */
@WebMvcTest(SubmissionController.class)
@Import({StrictJson.class, SubmitShortcut.Registration.class})
class SubmissionControllerTests {

    private static final UUID ID = UUID.fromString("0b40d70b-76ba-4fa9-806b-1c56aa6b282d");

    @Autowired
    MockMvc http;

    @MockitoBean
    SubmissionService service;

    @MockitoBean
    QueueEstimate queue;

    // Every /api request passes through the caller check; these tests are of anonymous calls.
    @MockitoBean
    Callers callers;

    @BeforeEach
    void anonymousCallers() {
        when(callers.resolve(any())).thenReturn(new Caller.Anonymous());
    }

    @Test
    void acceptsWith202AndSaysWhereAndWhenToAsk() throws Exception {
        when(service.accept(any(), any()))
                .thenReturn(new SubmissionService.Accepted(List.of(queued()), Optional.empty()));
        when(queue.retryAfterAccepting(any())).thenReturn(Duration.ofSeconds(3));

        http.perform(
                        post("/api/submissions")
                                .contentType(MediaType.APPLICATION_JSON)
                                .content(
                                        "{\"problemId\": 1, \"language\": \"python\", \"sourceCode\": \"print(1)\", \"stdin\": null}"))
                .andExpect(status().isAccepted())
                .andExpect(header().string("Location", "http://localhost/api/submissions/" + ID))
                .andExpect(header().string("Retry-After", "3"))
                .andExpect(jsonPath("$.id").value(ID.toString()))
                .andExpect(jsonPath("$.status").value("QUEUED"));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            blank source           | "problemId": 1, "sourceCode": " \\t\\n"              | sourceCode
            NUL in the source      | "problemId": 1, "sourceCode": "print(1)\\u0000"      | sourceCode
            an unpaired surrogate  | "stdin": "\\udc00", "sourceCode": "print(1)"         | stdin
            both problem and stdin | "problemId": 1, "stdin": "", "sourceCode": "print(1)" | problemOrStdin
            neither                | "sourceCode": "print(1)"                             | problemOrStdin
            a problem id below 1   | "problemId": 0, "sourceCode": "print(1)"             | problemId
            """)
    void refusesAnInvalidSubmissionNamingTheField(String why, String members, String field) throws Exception {
        http.perform(post("/api/submissions")
                        .contentType(MediaType.APPLICATION_JSON)
                        .content("{\"language\": \"python\", " + members + "}"))
                .andExpect(status().isBadRequest())
                .andExpect(header().string("Content-Type", "application/problem+json"))
                .andExpect(jsonPath("$.errors[0].field").value(field));
        verifyNoInteractions(service);
    }

    /**
     * The source check is one linear pass: a pattern that backtracks took 10 s for a 60,000-character
     * source ending in NUL, and hours for the largest body the API reads. Hundreds of times slower
     * would fail, not a few percent.
     */
    @Test
    void refusesALongSourceEndingInNulAtOnce() {
        String source = "x".repeat(60_000) + "\\u0000";
        assertTimeoutPreemptively(
                Duration.ofSeconds(2),
                () -> http.perform(post("/api/submissions")
                                .contentType(MediaType.APPLICATION_JSON)
                                .content("{\"language\": \"python\", \"problemId\": 1, \"sourceCode\": \"" + source
                                        + "\"}"))
                        .andExpect(status().isBadRequest())
                        .andExpect(jsonPath("$.errors[0].field").value("sourceCode")));
        verifyNoInteractions(service);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            a string for an integer  | "problemId": "1"
            a fraction               | "problemId": 1.5
            a number for text        | "problemId": 1, "language": 5
            a key given twice        | "problemId": 1, "problemId": 2
            """)
    void refusesJsonOfTheWrongShape(String why, String members) throws Exception {
        http.perform(post("/api/submissions")
                        .contentType(MediaType.APPLICATION_JSON)
                        .content("{\"sourceCode\": \"print(1)\", \"language\": \"python\", " + members + "}"))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.title").value("Malformed request body"));
        verifyNoInteractions(service);
    }

    @Test
    void refusesOtherContentTypesWith415AndUnsatisfiableAcceptWith406() throws Exception {
        http.perform(post("/api/submissions")
                        .contentType(MediaType.MULTIPART_FORM_DATA)
                        .content("x"))
                .andExpect(status().isUnsupportedMediaType());
        http.perform(post("/api/submissions")
                        .contentType(MediaType.APPLICATION_JSON)
                        .accept(MediaType.TEXT_HTML)
                        .content("{\"problemId\": 1, \"language\": \"python\", \"sourceCode\": \"print(1)\"}"))
                .andExpect(status().isNotAcceptable());
        verifyNoInteractions(service);
    }

    /**
     * The shortcut answers a JSON submission itself, as Spring MVC answers it (a query string sends the same
     * request to Spring MVC): accepted, refused by a quota or the service, or from an unknown key; an invalid
     * body it hands to Spring MVC, which names the field.
     */
    @Test
    void answersASubmissionBeforeSpringMvcWithSpringMvcsAnswers() throws Exception {
        String valid = "{\"problemId\": 1, \"language\": \"python\", \"sourceCode\": \"print(1)\"}";
        when(queue.retryAfterAccepting(any())).thenReturn(Duration.ofSeconds(3));
        when(service.accept(any(), any()))
                .thenReturn(new SubmissionService.Accepted(List.of(queued()), Optional.empty()));
        assertSameAnswer(valid, true, 202);

        when(service.accept(any(), any())).thenThrow(new UnknownReferenceException("problemId", 1, "no such problem"));
        assertSameAnswer(valid, true, 422);

        when(callers.resolve(any())).thenThrow(UnauthorizedException.notTheOwner("submission"));
        assertSameAnswer(valid, true, 403);

        doReturn(new Caller.Anonymous()).when(callers).resolve(any());
        assertSameAnswer("{\"problemId\": 0, \"language\": \"python\", \"sourceCode\": \"print(1)\"}", false, 400);
        assertSameAnswer("{\"problemId\": \"1\", \"language\": \"python\", \"sourceCode\": \"print(1)\"}", false, 400);
        assertSameAnswer("{\"problemId\": 1, ", false, 400);
    }

    private void assertSameAnswer(String body, boolean answeredByTheShortcut, int status) throws Exception {
        MvcResult direct = http.perform(post("/api/submissions")
                        .contentType(MediaType.APPLICATION_JSON)
                        .content(body))
                .andReturn();
        MvcResult byMvc = http.perform(post("/api/submissions?via=mvc")
                        .contentType(MediaType.APPLICATION_JSON)
                        .content(body))
                .andReturn();
        assertThat(byMvc.getHandler()).as("Spring MVC answered").isNotNull();
        assertThat(direct.getHandler() == null).as("the shortcut answered").isEqualTo(answeredByTheShortcut);
        MockHttpServletResponse expected = byMvc.getResponse(), actual = direct.getResponse();
        assertThat(actual.getStatus()).isEqualTo(status).isEqualTo(expected.getStatus());
        assertThat(actual.getContentType()).isEqualTo(expected.getContentType());
        for (String header : List.of("Location", "Retry-After", "ETag", "WWW-Authenticate")) {
            assertThat(actual.getHeader(header)).as(header).isEqualTo(expected.getHeader(header));
        }
        // The problem documents name the request they answer: the same but for the query string.
        assertThat(actual.getContentAsString())
                .isEqualTo(expected.getContentAsString().replace("?via=mvc", ""));
    }

    private static SubmissionView queued() {
        return TestSubmissionViews.inState(ID, SubmissionStatus.QUEUED, null);
    }
}
