package dev.judge.api.submission.read;

import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.Optional;
import java.util.UUID;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.web.context.request.ServletWebRequest;
import org.springframework.web.filter.OncePerRequestFilter;
import org.springframework.web.filter.ServerHttpObservationFilter;
import tools.jackson.databind.json.JsonMapper;

import dev.judge.api.access.Caller;
import dev.judge.api.access.Callers;
import dev.judge.api.access.UnauthorizedException;
import dev.judge.api.submission.SubmissionView;
import dev.judge.api.system.RetryAfter;
import dev.judge.api.system.TryLaterException;

/**
 * Answers the polls that need no body before Spring MVC does any work: a poll far too soon (429) and
 * one of an unchanged submission (304), for a submission this replica holds in memory and the caller
 * may read. Polling clients send most of their requests as these, and dispatching each through Spring
 * MVC cost several times the answer (docs/benchmarks.md, "Polls answered before the framework"). Everything else (another caller's
 * submission, one not in memory, a poll to be answered in full, any doubt) goes on to
 * {@link SubmissionReadController#get}, which gives the same answers by the same rules.
 *
 * <p>Registered by {@link Registration}, a configuration that test slices of other controllers leave out.
 */
class PollShortcut extends OncePerRequestFilter {

    private static final String PATH = "/api/submissions/";
    private static final int UUID_LENGTH = 36;
    private static final String ROUTE = "/api/submissions/{id}";

    private final Callers callers;
    private final SubmissionViewCache views;
    private final PollPacing pacing;
    private final JsonMapper problems;

    PollShortcut(Callers callers, SubmissionViewCache views, PollPacing pacing, JsonMapper json) {
        this.callers = callers;
        this.views = views;
        this.pacing = pacing;
        // The application's mapper writes a problem document as Spring MVC does (SubmissionReadControllerTests).
        this.problems = json;
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        String uri = request.getRequestURI();
        return !"GET".equals(request.getMethod())
                || request.getQueryString() != null
                || uri.length() != PATH.length() + UUID_LENGTH
                || !uri.startsWith(PATH);
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        Optional<SubmissionView> held =
                submissionId(request.getRequestURI()).flatMap(views::held).filter(view -> mayRead(request, view));
        if (held.isPresent() && answered(held.get(), request, response)) {
            // Counted in http.server.requests under the same route as the polls Spring MVC answers.
            ServerHttpObservationFilter.findObservationContext(request)
                    .ifPresent(observation -> observation.setPathPattern(ROUTE));
        } else {
            chain.doFilter(request, response);
        }
    }

    /** Whether this poll was answered here: 429 or 304, as {@link SubmissionReadController#get} would. */
    private boolean answered(SubmissionView view, HttpServletRequest request, HttpServletResponse response)
            throws IOException {
        Optional<Duration> tooSoon = pacing.tooSoon(view.id(), view.etag());
        if (tooSoon.isPresent()) {
            TryLaterException refusal = TryLaterException.tooSoon(tooSoon.get());
            ProblemDetail problem = refusal.getBody();
            problem.setInstance(URI.create(request.getRequestURI()));
            response.setStatus(refusal.getStatusCode().value());
            response.setHeader(HttpHeaders.RETRY_AFTER, refusal.getHeaders().getFirst(HttpHeaders.RETRY_AFTER));
            response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
            response.getOutputStream().write(problems.writeValueAsBytes(problem));
            return true;
        }
        String ifNoneMatch = request.getHeader(HttpHeaders.IF_NONE_MATCH);
        if (ifNoneMatch == null || !ifNoneMatch.contains(view.etag())) {
            return false;
        }
        // Spring's own matching, which sets 304 and the ETag as Spring MVC's answer does.
        if (!new ServletWebRequest(request, response).checkNotModified(view.etag())) {
            return false;
        }
        pacing.nextPoll(view).ifPresent(wait -> response.setHeader(HttpHeaders.RETRY_AFTER, RetryAfter.seconds(wait)));
        return true;
    }

    private boolean mayRead(HttpServletRequest request, SubmissionView view) {
        try {
            Caller caller = callers.resolve(request.getHeader(HttpHeaders.AUTHORIZATION));
            return caller.mayRead(view.apiKeyId());
        } catch (UnauthorizedException refused) {
            return false; // Spring MVC answers it 401, as for any other path
        }
    }

    @Configuration(proxyBeanMethods = false)
    static class Registration {

        /** After the application's other filters (the caller's key, the metrics' observation). */
        @Bean
        FilterRegistrationBean<PollShortcut> pollShortcut(
                Callers callers, SubmissionViewCache views, PollPacing pacing, JsonMapper json) {
            FilterRegistrationBean<PollShortcut> registration =
                    new FilterRegistrationBean<>(new PollShortcut(callers, views, pacing, json));
            registration.setOrder(Ordered.LOWEST_PRECEDENCE);
            return registration;
        }
    }

    private static Optional<UUID> submissionId(String uri) {
        String text = uri.substring(PATH.length());
        try {
            UUID id = UUID.fromString(text);
            // UUID.fromString takes some text that is not a UUID's canonical form; leave that to MVC.
            return id.toString().equalsIgnoreCase(text) ? Optional.of(id) : Optional.empty();
        } catch (IllegalArgumentException malformed) {
            return Optional.empty();
        }
    }
}
