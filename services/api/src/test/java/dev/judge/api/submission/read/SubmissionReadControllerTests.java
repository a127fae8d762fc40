package dev.judge.api.submission.read;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyInt;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.when;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.context.annotation.Import;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.MvcResult;
import org.springframework.test.web.servlet.request.MockHttpServletRequestBuilder;

import dev.judge.api.access.Caller;
import dev.judge.api.access.Callers;
import dev.judge.api.access.UnauthorizedException;
import dev.judge.api.problem.ProblemAccess;
import dev.judge.api.problem.ProblemVersion;
import dev.judge.api.submission.SubmissionFeedback;
import dev.judge.api.submission.SubmissionRepository;
import dev.judge.api.submission.SubmissionView;
import dev.judge.api.submission.TestSubmissionViews;
import dev.judge.api.system.StrictJson;
import dev.judge.contracts.SubmissionStatus;

/**
 * Reading submissions: the GETs' answers (404, 400, 429, 304), and the poll shortcut giving Spring MVC's,
 * without a database, broker or server. The same requests against the real stack are in the *IT.
 */
@WebMvcTest(SubmissionReadController.class)
@Import({StrictJson.class, PollShortcut.Registration.class, SubmissionFeedback.class})
class SubmissionReadControllerTests {

    private static final UUID ID = UUID.fromString("0b40d70b-76ba-4fa9-806b-1c56aa6b282d");

    @Autowired
    MockMvc http;

    @MockitoBean
    SubmissionRepository submissions;

    @MockitoBean
    SubmissionViewCache views;

    @MockitoBean
    SubmissionEvents events;

    @MockitoBean
    PollPacing pacing;

    // Every /api request passes through the caller check; these tests are of anonymous calls.
    @MockitoBean
    Callers callers;

    @MockitoBean
    ProblemAccess problems;

    @BeforeEach
    void anonymousCallers() {
        when(callers.resolve(any())).thenReturn(new Caller.Anonymous());
        when(problems.feedback(anyLong(), anyInt())).thenReturn(ProblemVersion.Feedback.FULL);
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
        when(pacing.nextPoll(any())).thenReturn(Optional.of(Duration.ofSeconds(2)));

        http.perform(get("/api/submissions/" + ID).header("If-None-Match", queued().etag()))
                .andExpect(status().isNotModified());
        http.perform(get("/api/submissions/" + ID).header("If-None-Match", "\"other\""))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.status").value("QUEUED"))
                // A waiting submission has no verdict yet: the field is left out, not null.
                .andExpect(jsonPath("$.verdict").doesNotExist());
    }

    /**
     * The shortcut answers every poll of a well-formed id itself, as Spring MVC answers it (a query string
     * sends the same request to Spring MVC): far too soon, unchanged, changed, another key's, unknown, and
     * from a key that is refused; a malformed id it leaves to Spring MVC.
     */
    @Test
    void answersAPollBeforeSpringMvcWithSpringMvcsAnswers() throws Exception {
        when(views.find(ID)).thenReturn(Optional.of(queued()));
        when(pacing.tooSoon(eq(ID), any())).thenReturn(Optional.of(Duration.ofSeconds(4)));
        assertSameAnswer(get("/api/submissions/" + ID), true, 429);

        when(pacing.tooSoon(eq(ID), any())).thenReturn(Optional.empty());
        when(pacing.nextPoll(any())).thenReturn(Optional.of(Duration.ofSeconds(2)));
        assertSameAnswer(get("/api/submissions/" + ID).header("If-None-Match", queued().etag()), true, 304);
        assertSameAnswer(get("/api/submissions/" + ID).header("If-None-Match", "\"other\""), true, 200);
        assertSameAnswer(get("/api/submissions/" + ID), true, 200);

        when(views.find(ID)).thenReturn(Optional.of(queuedFor(UUID.randomUUID())));
        assertSameAnswer(get("/api/submissions/" + ID), true, 404);
        when(views.find(ID)).thenReturn(Optional.empty());
        assertSameAnswer(get("/api/submissions/" + ID), true, 404);

        when(callers.resolve(any())).thenThrow(UnauthorizedException.notTheOwner("submission"));
        assertSameAnswer(get("/api/submissions/" + ID), true, 403);
        assertSameAnswer(get("/api/submissions/" + "x".repeat(36)), false, 403);
    }

    private void assertSameAnswer(MockHttpServletRequestBuilder request, boolean answeredByTheShortcut, int status)
            throws Exception {
        MvcResult direct = http.perform(request).andReturn();
        MvcResult byMvc = http.perform(request.queryParam("via", "mvc")).andReturn();
        assertThat(byMvc.getHandler()).as("Spring MVC answered").isNotNull();
        assertThat(direct.getHandler() == null).as("the shortcut answered").isEqualTo(answeredByTheShortcut);
        MockHttpServletResponse expected = byMvc.getResponse(), actual = direct.getResponse();
        assertThat(actual.getStatus()).isEqualTo(status).isEqualTo(expected.getStatus());
        assertThat(actual.getContentType()).isEqualTo(expected.getContentType());
        for (String header : List.of("ETag", "Retry-After", "WWW-Authenticate")) {
            assertThat(actual.getHeader(header)).as(header).isEqualTo(expected.getHeader(header));
        }
        // The problem documents name the request they answer: the same but for the query string.
        assertThat(actual.getContentAsString())
                .isEqualTo(expected.getContentAsString().replace("?via=mvc", ""));
    }

    @Test
    void answersAnotherKeysHeldSubmissionOnlyWith404NotWithItsPacing() throws Exception {
        SubmissionView anotherKeys = queuedFor(UUID.randomUUID());
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
        return TestSubmissionViews.inState(ID, SubmissionStatus.QUEUED, apiKeyId);
    }
}
