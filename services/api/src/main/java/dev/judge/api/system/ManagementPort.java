package dev.judge.api.system;

import java.io.IOException;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.eclipse.jetty.server.ConnectionFactory;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.ServerConnector;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.jetty.ConfigurableJettyWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpMethod;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;
import org.springframework.web.servlet.HandlerExceptionResolver;
import org.springframework.web.servlet.resource.NoResourceFoundException;

/**
 * The API listens on two ports. The public one ({@code server.port}, the one the Service exposes)
 * serves {@code /api} and the OpenAPI document; the management one ({@code judge.http.management-port},
 * reached only from inside the cluster) serves the Actuator (health, metrics) and {@code /internal}
 * (the workers' test download). A path asked for on the other port is an unknown path (404), so that
 * neither port shows what belongs to the other.
 * <p>
 * One Jetty server with a second connector, rather than Spring's {@code management.server.port}: that
 * starts a second server for the Actuator alone, and {@code /internal}, an application endpoint,
 * would stay on the public port.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE)
public class ManagementPort extends OncePerRequestFilter
        implements WebServerFactoryCustomizer<ConfigurableJettyWebServerFactory> {

    private static final String[] MANAGEMENT_PATHS = {"/actuator/", "/internal/"};

    private final int configuredPort;
    // Asked for when a request comes: the server (and this filter) is built before Spring MVC is.
    private final ObjectProvider<HandlerExceptionResolver> errors;
    private volatile ServerConnector connector;

    ManagementPort(
            @Value("${judge.http.management-port}") int configuredPort,
            @Qualifier("handlerExceptionResolver") ObjectProvider<HandlerExceptionResolver> errors) {
        this.configuredPort = configuredPort;
        this.errors = errors;
    }

    /** The port it listens on (the configured one, or the one picked for 0). */
    public int port() {
        return connector.getLocalPort();
    }

    @Override
    public void customize(ConfigurableJettyWebServerFactory factory) {
        factory.addServerCustomizers(server -> {
            // The public connector's HTTP settings (HttpServerConfiguration's too), on another port.
            ConnectionFactory[] http = server.getConnectors()[0].getConnectionFactories().stream()
                    .map(ManagementPort::copy)
                    .toArray(ConnectionFactory[]::new);
            ServerConnector management = new ServerConnector(server, http);
            management.setName("management");
            management.setPort(configuredPort);
            server.addConnector(management);
            connector = management;
        });
    }

    private static ConnectionFactory copy(ConnectionFactory factory) {
        if (factory instanceof HttpConnectionFactory http) {
            return new HttpConnectionFactory(http.getHttpConfiguration());
        }
        throw new IllegalStateException(
                "The public connector speaks " + factory.getProtocol() + ", which the management port does not copy");
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (connector == null) {
            chain.doFilter(request, response); // no server of ours: a test's mock request
            return;
        }
        boolean onManagementPort = request.getLocalPort() == port();
        if (onManagementPort == isManagementPath(pathOf(request))) {
            chain.doFilter(request, response);
        } else {
            // As Spring MVC answers a path nothing serves, through the same problem-details advice.
            errors.getObject()
                    .resolveException(
                            request,
                            response,
                            null,
                            new NoResourceFoundException(
                                    HttpMethod.valueOf(request.getMethod()), request.getRequestURI(), null));
        }
    }

    /** The path as the servlet container decoded and normalised it (no {@code ;params}, no {@code %xx}, no {@code ..}). */
    private static String pathOf(HttpServletRequest request) {
        String pathInfo = request.getPathInfo();
        return request.getServletPath() + (pathInfo == null ? "" : pathInfo);
    }

    private static boolean isManagementPath(String path) {
        for (String prefix : MANAGEMENT_PATHS) {
            if (path.startsWith(prefix) || path.equals(prefix.substring(0, prefix.length() - 1))) {
                return true;
            }
        }
        return false;
    }
}
