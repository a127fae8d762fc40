package dev.judge.api.system;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * TRACE is answered 405 by Spring MVC ({@code spring.mvc.dispatch-trace-request}), with {@code Allow}
 * and a problem document, like any method a path does not serve. Spring then still lets the servlet
 * container echo the request, headers included, after its answer; this drops that echo, which the
 * container writes as {@code message/http}.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE)
class TraceRefusal extends OncePerRequestFilter {

    private static final String ECHO_CONTENT_TYPE = "message/http";

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        chain.doFilter(request, "TRACE".equals(request.getMethod()) ? new WithoutEcho(response) : response);
    }

    private static final class WithoutEcho extends HttpServletResponseWrapper {

        private boolean echoing;

        WithoutEcho(HttpServletResponse response) {
            super(response);
        }

        @Override
        public void setContentType(String type) {
            if (type != null && type.startsWith(ECHO_CONTENT_TYPE)) {
                echoing = true;
            } else {
                super.setContentType(type);
            }
        }

        @Override
        public void setContentLength(int length) {
            if (!echoing) {
                super.setContentLength(length);
            }
        }

        @Override
        public ServletOutputStream getOutputStream() throws IOException {
            return echoing ? new Discarding() : super.getOutputStream();
        }

        @Override
        public PrintWriter getWriter() throws IOException {
            return echoing ? new PrintWriter(OutputStream.nullOutputStream()) : super.getWriter();
        }
    }

    private static final class Discarding extends ServletOutputStream {

        @Override
        public void write(int b) {}

        @Override
        public boolean isReady() {
            return true;
        }

        @Override
        public void setWriteListener(WriteListener listener) {}
    }
}
