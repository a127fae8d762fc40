package dev.judge.api.webhook;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.util.Optional;

import org.springframework.stereotype.Component;

/**
 * Which URLs the judge may call back: http or https, with a host, and (unless
 * {@code judge.webhooks.allow-private-targets}) none whose addresses are internal. Checked when a
 * submission is made, so that a bad URL is refused at once, and again before each attempt, since a
 * name may resolve elsewhere by then.
 */
@Component
public class CallbackTargets {

    private final WebhookProperties properties;

    CallbackTargets(WebhookProperties properties) {
        this.properties = properties;
    }

    /** Why this URL may not be called back; empty if it may. */
    public Optional<String> refusal(String url) {
        URI uri;
        try {
            uri = new URI(url);
        } catch (URISyntaxException e) {
            return Optional.of("not a URL: " + e.getReason());
        }
        if (!"http".equalsIgnoreCase(uri.getScheme()) && !"https".equalsIgnoreCase(uri.getScheme())) {
            return Optional.of("only http and https URLs are called back");
        }
        if (uri.getHost() == null) {
            return Optional.of("the URL has no host");
        }
        if (uri.getUserInfo() != null) {
            return Optional.of("the URL carries credentials");
        }
        if (properties.allowPrivateTargets()) {
            return Optional.empty();
        }
        InetAddress[] addresses;
        try {
            addresses = InetAddress.getAllByName(uri.getHost());
        } catch (UnknownHostException e) {
            return Optional.of("its host does not resolve");
        }
        for (InetAddress address : addresses) {
            if (isInternal(address)) {
                return Optional.of("its host resolves to an internal address (" + address.getHostAddress()
                        + "); callbacks go to public addresses only");
            }
        }
        return Optional.empty();
    }

    /** Loopback, private, link-local (cloud metadata), shared (carrier-grade NAT), unique local, multicast or unspecified. */
    static boolean isInternal(InetAddress address) {
        if (address.isLoopbackAddress() || address.isAnyLocalAddress() || address.isLinkLocalAddress()
                || address.isSiteLocalAddress() || address.isMulticastAddress()) {
            return true;
        }
        byte[] bytes = address.getAddress();
        if (address instanceof Inet4Address) {
            int first = bytes[0] & 0xff;
            int second = bytes[1] & 0xff;
            return first == 0 || (first == 100 && second >= 64 && second < 128) || first >= 240;
        }
        if (address instanceof Inet6Address) {
            return (bytes[0] & 0xfe) == 0xfc; // fc00::/7, unique local
        }
        return false;
    }
}
