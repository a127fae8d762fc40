package dev.judge.api.submission;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.clearInvocations;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.verifyNoInteractions;
import static org.mockito.Mockito.when;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import java.time.Duration;
import java.time.Instant;
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

import dev.judge.api.access.Caller;
import dev.judge.api.access.Callers;
import dev.judge.api.system.StrictJson;
import dev.judge.contracts.Lane;
import dev.judge.contracts.SubmissionStatus;

/**
 * The submission endpoints' HTTP shape and validation, without a database, broker or server: what a
 * client must send, and what it gets back. The same requests against the real stack are in the *IT.
 */
@WebMvcTest(SubmissionController.class)
@Import({StrictJson.class, PollShortcut.Registration.class})
class SubmissionControllerTests {

    private static final UUID ID = UUID.fromString("0b40d70b-76ba-4fa9-806b-1c56aa6b282d");

    @Autowired
    MockMvc http;

    @MockitoBean
    SubmissionService service;

    @MockitoBean
    SubmissionViews views;

    @MockitoBean
    SubmissionEvents events;

    @MockitoBean
    QueueEstimate queue;

    @MockitoBean
    PollPacing pacing;

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

    @Test
    void answersAPollFarTooSoonWith429AndWhenToComeBack() throws Exception {
        when(views.find(ID)).thenReturn(Optional.of(queued()));
        when(pacing.tooSoon(eq(ID), any())).thenReturn(Optional.of(Duration.ofSeconds(4)));

        http.perform(get("/api/submissions/" + ID))
                .andExpect(status().isTooManyRequests())
                .andExpect(header().string("Retry-After", "4"))
                .andExpect(jsonPath("$.retryAfterSeconds").value(4));
    }

    @Test
    void answersAnUnchangedSubmissionWith304() throws Exception {
        when(pacing.tooSoon(eq(ID), any())).thenReturn(Optional.empty());
        when(views.find(ID)).thenReturn(Optional.of(queued()));
        when(queue.retryAfter(any())).thenReturn(Optional.of(Duration.ofSeconds(2)));

        http.perform(get("/api/submissions/" + ID).header("If-None-Match", queued().etag()))
                .andExpect(status().isNotModified());
        http.perform(get("/api/submissions/" + ID).header("If-None-Match", "\"other\""))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.status").value("QUEUED"))
                // A waiting submission has no verdict yet: the field is left out, not null.
                .andExpect(jsonPath("$.verdict").doesNotExist());
    }

    @Test
    void answersAPollOfAHeldSubmissionBeforeSpringMvcWithTheSameAnswers() throws Exception {
        // Spring MVC's answers first: the submission read by SubmissionViews.find, not held.
        when(views.find(ID)).thenReturn(Optional.of(queued()));
        when(pacing.tooSoon(eq(ID), any())).thenReturn(Optional.of(Duration.ofSeconds(4)));
        MockHttpServletResponse byMvc =
                http.perform(get("/api/submissions/" + ID)).andReturn().getResponse();
        when(pacing.tooSoon(eq(ID), any())).thenReturn(Optional.empty());
        when(queue.retryAfter(any())).thenReturn(Optional.of(Duration.ofSeconds(2)));
        MockHttpServletResponse unchangedByMvc = http.perform(
                        get("/api/submissions/" + ID).header("If-None-Match", queued().etag()))
                .andReturn()
                .getResponse();

        // Then held in memory: PollShortcut answers, and the controller is never asked.
        clearInvocations(views);
        when(views.held(ID)).thenReturn(Optional.of(queued()));
        when(pacing.tooSoon(eq(ID), any())).thenReturn(Optional.of(Duration.ofSeconds(4)));
        MockHttpServletResponse tooSoon = http.perform(get("/api/submissions/" + ID))
                .andExpect(status().isTooManyRequests())
                .andReturn()
                .getResponse();
        when(pacing.tooSoon(eq(ID), any())).thenReturn(Optional.empty());
        MockHttpServletResponse unchanged = http.perform(
                        get("/api/submissions/" + ID).header("If-None-Match", queued().etag()))
                .andExpect(status().isNotModified())
                .andReturn()
                .getResponse();
        verify(views, never()).find(any());

        assertThat(byMvc.getStatus()).isEqualTo(429);
        assertThat(tooSoon.getContentAsString()).isEqualTo(byMvc.getContentAsString());
        assertThat(tooSoon.getContentType()).isEqualTo(byMvc.getContentType());
        assertThat(tooSoon.getHeader("Retry-After")).isEqualTo(byMvc.getHeader("Retry-After"));
        assertThat(unchangedByMvc.getStatus()).isEqualTo(304);
        assertThat(unchanged.getHeader("ETag")).isEqualTo(unchangedByMvc.getHeader("ETag"));
        assertThat(unchanged.getHeader("Retry-After")).isEqualTo("2");
        assertThat(unchanged.getContentAsString()).isEmpty();
        verify(pacing, times(2)).told(ID, queued().etag(), Duration.ofSeconds(2));
    }

    @Test
    void answersAnotherKeysHeldSubmissionOnlyWith404NotWithItsPacing() throws Exception {
        SubmissionView anotherKeys = queuedFor(UUID.randomUUID());
        when(views.held(ID)).thenReturn(Optional.of(anotherKeys));
        when(views.find(ID)).thenReturn(Optional.of(anotherKeys));
        when(pacing.tooSoon(eq(ID), any())).thenReturn(Optional.of(Duration.ofSeconds(4)));

        http.perform(get("/api/submissions/" + ID)).andExpect(status().isNotFound());
        http.perform(get("/api/submissions/" + ID).header("If-None-Match", anotherKeys.etag()))
                .andExpect(status().isNotFound());
    }

    @Test
    void answersAnUnknownOrMalformedIdWith404Or400() throws Exception {
        when(pacing.tooSoon(any(), any())).thenReturn(Optional.empty());
        when(views.find(any())).thenReturn(Optional.empty());

        http.perform(get("/api/submissions/" + UUID.randomUUID())).andExpect(status().isNotFound());
        http.perform(get("/api/submissions/not-a-uuid")).andExpect(status().isBadRequest());
    }

    private static SubmissionView queued() {
        return queuedFor(null);
    }

    private static SubmissionView queuedFor(UUID apiKeyId) {
        return new SubmissionView(
                ID,
                1L,
                1,
                "python",
                SubmissionStatus.QUEUED,
                null,
                null,
                null,
                null,
                null,
                null,
                List.of(),
                List.of(),
                Instant.parse("2026-11-23T04:00:00Z"),
                null,
                null,
                null,
                Lane.PRACTICE,
                1,
                apiKeyId);
    }
}
