package dev.judge.api.system;

import java.io.ByteArrayInputStream;
import java.io.IOException;

import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.http.HttpHeaders;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.context.request.ServletWebRequest;
import org.springframework.web.filter.OncePerRequestFilter;
import org.springframework.web.filter.ServerHttpObservationFilter;
import org.springframework.web.servlet.DispatcherServlet;
import org.springframework.web.servlet.HandlerExceptionResolver;
import tools.jackson.databind.json.JsonMapper;

/**
 * A filter that answers one of the API's hot routes by calling its controller's method itself, without
 * Spring MVC's dispatch (handler lookup, interceptors, argument resolution, return-value handling),
 * which cost more per request than the judge's own work (docs/benchmarks.md, "The hot routes below
 * Spring MVC"). The controller's method stays the one place of the route's rules, and Spring MVC still
 * answers whatever a subclass does not take (another content type, a body it cannot read, any doubt).
 * This writes the method's answer as Spring MVC's return-value handling does, an exception through
 * Spring MVC's exception resolvers (the same RFC 9457 documents), and counts the request under its
 * route in {@code http.server.requests}.
 */
public abstract class DirectRoute extends OncePerRequestFilter {

    private final String method;
    private final String route;
    private final JsonMapper json;
    // Asked for when a request comes: filters are built before Spring MVC is.
    private final ObjectProvider<HandlerExceptionResolver> errors;

    /**
     * @param method the route's HTTP method
     * @param route the route's pattern, as Spring MVC names it in metrics ({@code /api/submissions/{id}})
     * @param json the application's mapper, the one Spring MVC writes bodies with
     */
    protected DirectRoute(
            String method, String route, JsonMapper json, ObjectProvider<HandlerExceptionResolver> errors) {
        this.method = method;
        this.route = route;
        this.json = json;
        this.errors = errors;
    }

    /**
     * Whether this filter answers the request: its method, no query (a request with one is Spring MVC's), a
     * client that takes JSON, and what {@link #takes} says of the rest.
     */
    @Override
    protected final boolean shouldNotFilter(HttpServletRequest request) {
        return !method.equals(request.getMethod())
                || request.getQueryString() != null
                || !takes(request)
                || !acceptsJson(request);
    }

    /** Whether the request's path (and body, if any) is one this filter answers. */
    protected abstract boolean takes(HttpServletRequest request);

    /** Whether the client takes JSON, as a mapping that produces only JSON requires (Spring MVC answers 406). */
    private static boolean acceptsJson(HttpServletRequest request) {
        String accept = request.getHeader(HttpHeaders.ACCEPT);
        if (accept == null || accept.equals(MediaType.ALL_VALUE) || accept.equals(MediaType.APPLICATION_JSON_VALUE)) {
            return true;
        }
        try {
            return MediaType.parseMediaTypes(accept).stream()
                    .anyMatch(type -> type.isCompatibleWith(MediaType.APPLICATION_JSON) && type.getQualityValue() > 0);
        } catch (InvalidMediaTypeException malformed) {
            return false;
        }
    }

    /**
     * Writes a controller method's answer as Spring MVC's {@code HttpEntityMethodProcessor} does: its status
     * and headers; for a GET answered 200 with an ETag that the request's If-None-Match holds, 304 without a
     * body; otherwise the body as JSON.
     */
    protected final void write(ResponseEntity<?> answer, HttpServletRequest request, HttpServletResponse response)
            throws IOException {
        routed(request);
        int status = answer.getStatusCode().value();
        response.setStatus(status);
        String etag = answer.getHeaders().getETag();
        boolean conditional = etag != null && status == 200 && "GET".equals(request.getMethod());
        answer.getHeaders().forEach((name, values) -> {
            if (!(conditional && HttpHeaders.ETAG.equalsIgnoreCase(name))) {
                values.forEach(value -> response.addHeader(name, value));
            }
        });
        // Sets the ETag, and 304 when it matches.
        if (conditional && new ServletWebRequest(request, response).checkNotModified(etag)) {
            return;
        }
        if (answer.getBody() != null) {
            byte[] body = json.writeValueAsBytes(answer.getBody());
            response.setContentType(MediaType.APPLICATION_JSON_VALUE);
            response.setContentLength(body.length);
            response.getOutputStream().write(body);
        }
    }

    /** Answers what the controller's method threw as Spring MVC would have: its exception resolvers write it. */
    protected final void fail(Exception thrown, HttpServletRequest request, HttpServletResponse response)
            throws ServletException {
        routed(request);
        if (errors.getObject().resolveException(request, response, null, thrown) == null) {
            if (thrown instanceof RuntimeException unchecked) {
                throw unchecked;
            }
            throw new ServletException(thrown);
        }
        // As DispatcherServlet marks an exception its resolvers answered.
        request.setAttribute(DispatcherServlet.EXCEPTION_ATTRIBUTE, thrown);
    }

    /** The request as Spring MVC will read it, its body the bytes this filter read from it (for the answers it leaves to MVC). */
    protected static HttpServletRequest withBody(HttpServletRequest request, byte[] body) {
        return new HttpServletRequestWrapper(request) {
            private final ByteArrayInputStream replay = new ByteArrayInputStream(body);

            @Override
            public ServletInputStream getInputStream() {
                return new ServletInputStream() {
                    @Override
                    public int read() throws IOException {
                        return replay.read();
                    }

                    @Override
                    public int read(byte[] buffer, int offset, int length) throws IOException {
                        return replay.read(buffer, offset, length);
                    }

                    @Override
                    public boolean isFinished() {
                        return replay.available() == 0;
                    }

                    @Override
                    public boolean isReady() {
                        return true;
                    }

                    @Override
                    public void setReadListener(ReadListener listener) {
                        throw new UnsupportedOperationException("read synchronously");
                    }
                };
            }
        };
    }

    /** Counted in http.server.requests under the route, as the requests Spring MVC answers are. */
    private void routed(HttpServletRequest request) {
        ServerHttpObservationFilter.findObservationContext(request)
                .ifPresent(observation -> observation.setPathPattern(route));
    }
}
