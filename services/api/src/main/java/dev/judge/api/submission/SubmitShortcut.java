package dev.judge.api.submission;

import java.io.IOException;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.validation.Validator;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.http.HttpHeaders;
import org.springframework.http.ResponseEntity;
import org.springframework.web.servlet.HandlerExceptionResolver;
import org.springframework.web.servlet.support.ServletUriComponentsBuilder;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

import dev.judge.api.access.Caller;
import dev.judge.api.access.Callers;
import dev.judge.api.system.DirectRoute;

/**
 * {@code POST /api/submissions}, the route a burst of submissions takes, answered by {@link
 * SubmissionController#submit} without Spring MVC's dispatch ({@link DirectRoute}). It takes a JSON
 * body of a stated length up to {@link #LARGEST_BODY} (a contest submission's size) and does what Spring
 * MVC does before the method, in its order, with the same parts: the caller from its credentials, the
 * body read by the application's mapper and checked by the validator. A body it cannot read or that is
 * invalid goes on to Spring MVC as read, so that every refusal of a request is written in one place.
 *
 * <p>Registered by {@link Registration}, a configuration that test slices of other controllers leave out.
 */
class SubmitShortcut extends DirectRoute {

    /** Larger bodies, and bodies of no stated length (chunked), go to Spring MVC, which streams them. */
    static final int LARGEST_BODY = 64 * 1024;

    private static final String PATH = "/api/submissions";

    private final SubmissionController controller;
    private final Callers callers;
    private final JsonMapper json;
    private final Validator validator;

    SubmitShortcut(
            SubmissionController controller,
            Callers callers,
            JsonMapper json,
            Validator validator,
            ObjectProvider<HandlerExceptionResolver> errors) {
        super("POST", PATH, json, errors);
        this.controller = controller;
        this.callers = callers;
        this.json = json;
        this.validator = validator;
    }

    @Override
    protected boolean takes(HttpServletRequest request) {
        long length = request.getContentLengthLong();
        return PATH.equals(request.getRequestURI())
                && isJson(request.getContentType())
                && length >= 0
                && length <= LARGEST_BODY;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        // The caller before the body, as Spring MVC's interceptor comes before its argument resolution.
        Caller caller;
        try {
            caller = callers.resolve(request.getHeader(HttpHeaders.AUTHORIZATION));
        } catch (RuntimeException refused) {
            fail(refused, request, response);
            return;
        }
        byte[] body = request.getInputStream().readNBytes(LARGEST_BODY);
        SubmissionRequest submission = readValid(body);
        if (submission == null) {
            chain.doFilter(withBody(request, body), response);
            return;
        }
        ResponseEntity<SubmissionAccepted> answer;
        try {
            answer = controller.submit(caller, submission, ServletUriComponentsBuilder.fromServletMapping(request));
        } catch (RuntimeException thrown) {
            fail(thrown, request, response);
            return;
        }
        write(answer, request, response);
    }

    /** The submission, or null when Spring MVC is to say what is wrong with it. */
    private SubmissionRequest readValid(byte[] body) {
        try {
            SubmissionRequest submission = json.readValue(body, SubmissionRequest.class);
            return submission != null && validator.validate(submission).isEmpty() ? submission : null;
        } catch (JacksonException unreadable) {
            return null;
        }
    }

    /** {@code application/json}, with no parameter but UTF-8, the one charset JSON has (RFC 8259). */
    private static boolean isJson(String contentType) {
        return contentType != null
                && (contentType.equalsIgnoreCase("application/json")
                        || contentType.equalsIgnoreCase("application/json;charset=UTF-8")
                        || contentType.equalsIgnoreCase("application/json; charset=UTF-8"));
    }

    @Configuration(proxyBeanMethods = false)
    static class Registration {

        /** After the application's other filters (the metrics' observation, the management port's). */
        @Bean
        FilterRegistrationBean<SubmitShortcut> submitShortcut(
                SubmissionController controller,
                Callers callers,
                JsonMapper json,
                Validator validator,
                @Qualifier("handlerExceptionResolver") ObjectProvider<HandlerExceptionResolver> errors) {
            FilterRegistrationBean<SubmitShortcut> registration =
                    new FilterRegistrationBean<>(new SubmitShortcut(controller, callers, json, validator, errors));
            registration.setOrder(Ordered.LOWEST_PRECEDENCE);
            return registration;
        }
    }
}
