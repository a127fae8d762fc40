package dev.judge.api.system;

import org.eclipse.jetty.server.ServerConnector;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.jetty.ConfigurableJettyWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.stereotype.Component;

/**
 * The HTTP server's listen backlog ({@code judge.http.accept-queue-size}), which Spring Boot does not
 * expose for Jetty. Jetty's default leaves it to the JVM, which asks the kernel for 50: a burst of
 * thousands of connections would then be refused or time out before Jetty accepts them.
 */
@Component
class HttpServerConfiguration implements WebServerFactoryCustomizer<ConfigurableJettyWebServerFactory> {

    private final int acceptQueueSize;

    HttpServerConfiguration(@Value("${judge.http.accept-queue-size:8192}") int acceptQueueSize) {
        this.acceptQueueSize = acceptQueueSize;
    }

    @Override
    public void customize(ConfigurableJettyWebServerFactory factory) {
        factory.addServerCustomizers(server -> {
            for (var connector : server.getConnectors()) {
                if (connector instanceof ServerConnector serverConnector) {
                    serverConnector.setAcceptQueueSize(acceptQueueSize);
                }
            }
        });
    }
}
