package dev.judge.api.webhook;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import org.eclipse.jetty.client.BytesRequestContent;
import org.eclipse.jetty.client.HttpClient;
import org.eclipse.jetty.client.Request;
import org.eclipse.jetty.client.Result;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;

import dev.judge.api.webhook.WebhookTargets.RefusedTargetException;

/**
 * The HTTP client that delivers webhooks. Jetty's, because it lets the judge resolve hosts itself: each
 * new connection looks its host up once, through {@link WebhookTargets#addresses}, and connects only to
 * the addresses that passed that check. A name that answers a public address to the check and an
 * internal one to the connection (DNS rebinding) cannot lead the judge into its own network. TLS still
 * verifies the certificate against the host's name. No redirects are followed, no proxy is used, and
 * the receiver's answer is read for its status only.
 */
@Component
public class WebhookClient implements DisposableBean {

    private final HttpClient http = new HttpClient();
    private final ExecutorService lookups = Executors.newVirtualThreadPerTaskExecutor();

    WebhookClient(WebhookTargets targets, WebhookProperties properties) throws Exception {
        http.setFollowRedirects(false);
        http.setConnectTimeout(properties.timeout().toMillis());
        http.setUserAgentField(null);
        http.setSocketAddressResolver((host, port, context, promise) -> lookups.execute(() -> {
            try {
                List<InetAddress> checked = targets.addresses(host);
                promise.succeeded(checked.stream()
                        .map(address -> new InetSocketAddress(address, port))
                        .toList());
            } catch (RefusedTargetException e) {
                promise.failed(e);
            }
        }));
        http.start();
    }

    /**
     * POSTs a JSON body and returns the receiver's status code.
     *
     * @throws RefusedTargetException if the host resolved to an address the judge does not call
     * @throws java.util.concurrent.TimeoutException if the whole exchange took longer than {@code timeout}
     */
    public int post(URI url, Map<String, String> headers, byte[] body, Duration timeout) throws Exception {
        Request request = http.POST(url)
                .timeout(timeout.toMillis(), TimeUnit.MILLISECONDS)
                .headers(fields -> headers.forEach(fields::put))
                .body(new BytesRequestContent("application/json", body));
        CompletableFuture<Result> done = new CompletableFuture<>();
        request.send(done::complete); // no content listener: the answer's body is discarded as it comes
        Result result;
        try {
            result = done.get();
        } catch (ExecutionException e) {
            throw (Exception) e.getCause();
        }
        if (result.isFailed()) {
            throw unwrap(result.getFailure());
        }
        return result.getResponse().getStatus();
    }

    /** The failure as it began: a refused target, a timeout, a refused connection. */
    private static Exception unwrap(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof RefusedTargetException refused) {
                return refused;
            }
        }
        return failure instanceof Exception exception ? exception : new RuntimeException(failure);
    }

    @Override
    public void destroy() throws Exception {
        http.stop();
        lookups.close();
    }
}
