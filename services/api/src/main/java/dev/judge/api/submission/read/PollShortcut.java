package dev.judge.api.submission.read;

import java.io.IOException;
import java.util.Optional;
import java.util.UUID;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.http.HttpHeaders;
import org.springframework.http.ResponseEntity;
import org.springframework.web.servlet.HandlerExceptionResolver;
import tools.jackson.databind.json.JsonMapper;

import dev.judge.api.access.Callers;
import dev.judge.api.submission.SubmissionView;
import dev.judge.api.system.DirectRoute;

/**
 * {@code GET /api/submissions/{id}}, the route polling clients send most of their requests to, answered
 * by {@link SubmissionReadController#get} without Spring MVC's dispatch ({@link DirectRoute}): the caller
 * from its credentials, then the method, whose answer (200, 304 for an unchanged submission, 429 far too
 * soon, 404) is written as Spring MVC writes it. Dispatching each poll through Spring MVC cost several
 * times the answer (docs/benchmarks.md, "The hot routes below Spring MVC"). A path whose id is not a
 * UUID's canonical form, a query, or a client that does not take JSON go on to Spring MVC.
 *
 * <p>Registered by {@link Registration}, a configuration that test slices of other controllers leave out.
 */
class PollShortcut extends DirectRoute {

    private static final String PATH = "/api/submissions/";
    private static final int UUID_LENGTH = 36;

    private final SubmissionReadController controller;
    private final Callers callers;

    PollShortcut(
            SubmissionReadController controller,
            Callers callers,
            JsonMapper json,
            ObjectProvider<HandlerExceptionResolver> errors) {
        super("GET", "/api/submissions/{id}", json, errors);
        this.controller = controller;
        this.callers = callers;
    }

    @Override
    protected boolean takes(HttpServletRequest request) {
        String uri = request.getRequestURI();
        return uri.length() == PATH.length() + UUID_LENGTH && uri.startsWith(PATH);
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        Optional<UUID> id = submissionId(request.getRequestURI());
        if (id.isEmpty()) {
            chain.doFilter(request, response);
            return;
        }
        ResponseEntity<SubmissionView> answer;
        try {
            answer = controller.get(callers.resolve(request.getHeader(HttpHeaders.AUTHORIZATION)), id.get());
        } catch (RuntimeException thrown) {
            fail(thrown, request, response);
            return;
        }
        write(answer, request, response);
    }

    @Configuration(proxyBeanMethods = false)
    static class Registration {

        /** After the application's other filters (the metrics' observation, the management port's). */
        @Bean
        FilterRegistrationBean<PollShortcut> pollShortcut(
                SubmissionReadController controller,
                Callers callers,
                JsonMapper json,
                @Qualifier("handlerExceptionResolver") ObjectProvider<HandlerExceptionResolver> errors) {
            FilterRegistrationBean<PollShortcut> registration =
                    new FilterRegistrationBean<>(new PollShortcut(controller, callers, json, errors));
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
