package dev.judge.api.submission.read;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyInt;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.clearInvocations;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import java.time.Duration;
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

import dev.judge.api.access.Caller;
import dev.judge.api.access.Callers;
import dev.judge.api.problem.ProblemAccess;
import dev.judge.api.problem.ProblemVersion;
import dev.judge.api.submission.SubmissionFeedback;
import dev.judge.api.submission.SubmissionRepository;
import dev.judge.api.submission.SubmissionView;
import dev.judge.api.submission.TestSubmissionViews;
import dev.judge.api.system.StrictJson;
import dev.judge.contracts.SubmissionStatus;

/**
 * Reading submissions: the GETs' answers (404, 400, 429, 304), and the poll shortcut giving the same
 * ones, without a database, broker or server. The same requests against the real stack are in the *IT.
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

    @Test
    void answersAPollOfAHeldSubmissionBeforeSpringMvcWithTheSameAnswers() throws Exception {
        // Spring MVC's answers first: the submission read by SubmissionViewCache.find, not held.
        when(views.find(ID)).thenReturn(Optional.of(queued()));
        when(pacing.tooSoon(eq(ID), any())).thenReturn(Optional.of(Duration.ofSeconds(4)));
        MockHttpServletResponse byMvc =
                http.perform(get("/api/submissions/" + ID)).andReturn().getResponse();
        when(pacing.tooSoon(eq(ID), any())).thenReturn(Optional.empty());
        when(pacing.nextPoll(any())).thenReturn(Optional.of(Duration.ofSeconds(2)));
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
        verify(pacing, times(2)).nextPoll(queued());
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
        return TestSubmissionViews.inState(ID, SubmissionStatus.QUEUED, apiKeyId);
    }
}
