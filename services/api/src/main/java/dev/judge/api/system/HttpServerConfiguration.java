package dev.judge.api.system;

import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.ServerConnector;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.jetty.ConfigurableJettyWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * Jetty settings Spring Boot does not expose, each needed for 10,000 clients on one replica.
 * <ul>
 * <li>The listen backlog ({@code judge.http.accept-queue-size}). Jetty's default leaves it to the
 * JVM, which asks the kernel for 50: a burst of thousands of connections would then be refused or
 * time out before Jetty accepts them.</li>
 * <li>The per-connection header cache ({@code judge.http.header-cache-size}), off (Jetty's default 1,024).
 * Jetty builds one on each connection's second request (a poll or an event stream after the POST)
 * and keeps it while the connection lives, so a burst of kept-alive clients fills the heap with
 * them (docs/benchmarks.md, "Event streams: heap per open stream").</li>
 * <li>Errors Jetty answers itself as problem details ({@link JettyProblemErrorHandler}).</li>
 * </ul>
 */
@Component
class HttpServerConfiguration implements WebServerFactoryCustomizer<ConfigurableJettyWebServerFactory> {

    private final int acceptQueueSize;
    private final int headerCacheSize;
    private final JsonMapper json;

    HttpServerConfiguration(
            @Value("${judge.http.accept-queue-size}") int acceptQueueSize,
            @Value("${judge.http.header-cache-size}") int headerCacheSize,
            JsonMapper json) {
        this.acceptQueueSize = acceptQueueSize;
        this.headerCacheSize = headerCacheSize;
        this.json = json;
    }

    @Override
    public void customize(ConfigurableJettyWebServerFactory factory) {
        factory.addServerCustomizers(server -> {
            server.setErrorHandler(new JettyProblemErrorHandler(json));
            for (var connector : server.getConnectors()) {
                if (connector instanceof ServerConnector serverConnector) {
                    serverConnector.setAcceptQueueSize(acceptQueueSize);
                }
                var http = connector.getConnectionFactory(HttpConnectionFactory.class);
                if (http != null) {
                    http.getHttpConfiguration().setHeaderCacheSize(headerCacheSize);
                }
            }
        });
    }
}
