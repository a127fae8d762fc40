package dev.judge.api.webhook;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.springframework.stereotype.Component;

import dev.judge.api.submission.CallbackTargets;

/**
 * Which URLs the judge may call back: http or https, with a host, and (unless
 * {@code judge.webhooks.allow-private-targets}) on port 80 or 443 (or {@code allowed-ports}) and none
 * whose addresses are anything but public unicast: every special-purpose range IANA lists, and every
 * IPv6 form that embeds an IPv4 address (mapped, compatible, NAT64, 6to4, Teredo), which could reach
 * an internal IPv4 address through a translator. Checked when a submission is made, so that a bad URL
 * is refused at once, and again by each attempt's own lookup, whose addresses are the ones it connects
 * to ({@link WebhookClient}): a name may resolve elsewhere by then.
 */
@Component
public class WebhookTargets implements CallbackTargets {

    private final WebhookProperties properties;
    private final ExecutorService lookups = Executors.newVirtualThreadPerTaskExecutor();

    WebhookTargets(WebhookProperties properties) {
        this.properties = properties;
    }

    /** Why this URL may not be called back; empty if it may. Both checks below. */
    public Optional<String> refusal(String url) {
        return formRefusal(url).or(() -> addressRefusal(url));
    }

    /** What the URL itself says: its scheme, host, credentials and port. No lookup: answered at once. */
    @Override
    public Optional<String> formRefusal(String url) {
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
        int port = uri.getPort() != -1 ? uri.getPort() : "https".equalsIgnoreCase(uri.getScheme()) ? 443 : 80;
        if (!properties.allowedPorts().contains(port)) {
            return Optional.of("callbacks go to ports " + properties.allowedPorts() + " only");
        }
        return Optional.empty();
    }

    /**
     * Where the URL's host leads: every address public. Call it after {@link #formRefusal} found nothing.
     */
    @Override
    public Optional<String> addressRefusal(String url) {
        if (properties.allowPrivateTargets()) {
            return Optional.empty();
        }
        try {
            addresses(URI.create(url).getHost());
            return Optional.empty();
        } catch (RefusedTargetException e) {
            return Optional.of(e.getMessage());
        }
    }

    /**
     * The host's addresses, all public (unless {@code allow-private-targets}): the only addresses a
     * delivery may connect to ({@link WebhookClient} connects to these, never to a second lookup's). A
     * lookup, waited for at most {@code judge.webhooks.resolve-timeout}, so that a name whose servers
     * never answer holds no thread long.
     *
     * @throws RefusedTargetException if the host does not resolve in time, or any address is not public
     */
    public List<InetAddress> addresses(String host) throws RefusedTargetException {
        InetAddress[] addresses;
        Future<InetAddress[]> lookup = lookups.submit(() -> InetAddress.getAllByName(host));
        try {
            addresses = lookup.get(properties.resolveTimeout().toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            throw new RefusedTargetException("its host does not resolve");
        } catch (TimeoutException e) {
            lookup.cancel(true);
            throw new RefusedTargetException("its host did not resolve within "
                    + properties.resolveTimeout().toMillis() + " ms");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RefusedTargetException("interrupted while its host was looked up");
        }
        if (!properties.allowPrivateTargets()) {
            for (InetAddress address : addresses) {
                if (isInternal(address)) {
                    // Which address is not said: that would map the judge's network for whoever asks.
                    throw new RefusedTargetException(
                            "its host resolves to an address that is not public; callbacks go to public addresses only");
                }
            }
        }
        return List.of(addresses);
    }

    /** Why the judge will not call a callback URL's host. */
    public static final class RefusedTargetException extends Exception {

        RefusedTargetException(String reason) {
            super(reason, null, false, false);
        }
    }

    /**
     * IPv4 ranges that are not public unicast (IANA IPv4 Special-Purpose Address Registry, plus
     * multicast and reserved): this network, private, shared (carrier-grade NAT), loopback,
     * link-local (cloud metadata), IETF protocol assignments, documentation, 6to4 relay, benchmarking.
     */
    private static final List<Range> SPECIAL_IPV4 = Range.all(
            "0.0.0.0/8",
            "10.0.0.0/8",
            "100.64.0.0/10",
            "127.0.0.0/8",
            "169.254.0.0/16",
            "172.16.0.0/12",
            "192.0.0.0/24",
            "192.0.2.0/24",
            "192.88.99.0/24",
            "192.168.0.0/16",
            "198.18.0.0/15",
            "198.51.100.0/24",
            "203.0.113.0/24",
            "224.0.0.0/4",
            "240.0.0.0/4");

    /**
     * Within global unicast (2000::/3, the only IPv6 allowed at all): IETF protocol assignments
     * (Teredo, benchmarking, ORCHID), documentation, 6to4.
     */
    private static final List<Range> SPECIAL_IPV6 = Range.all("2001::/23", "2001:db8::/32", "2002::/16", "3fff::/20");

    /** Anything but a public unicast address. */
    static boolean isInternal(InetAddress address) {
        byte[] bytes = address.getAddress();
        if (address instanceof Inet4Address) {
            return SPECIAL_IPV4.stream().anyMatch(range -> range.contains(bytes));
        }
        if (address instanceof Inet6Address) {
            // Outside 2000::/3 lie ::, ::1, IPv4-mapped and -compatible, NAT64 (64:ff9b::/96), unique and link local,
            // multicast.
            return (bytes[0] & 0xe0) != 0x20 || SPECIAL_IPV6.stream().anyMatch(range -> range.contains(bytes));
        }
        return true;
    }

    /** An address range in CIDR notation. */
    private record Range(byte[] prefix, int bits) {

        static List<Range> all(String... cidrs) {
            return Arrays.stream(cidrs).map(Range::of).toList();
        }

        static Range of(String cidr) {
            String[] parts = cidr.split("/");
            try {
                return new Range(InetAddress.getByName(parts[0]).getAddress(), Integer.parseInt(parts[1]));
            } catch (UnknownHostException e) {
                throw new IllegalArgumentException(cidr, e);
            }
        }

        boolean contains(byte[] address) {
            if (address.length != prefix.length) {
                return false;
            }
            for (int bit = 0; bit < bits; bit++) {
                int mask = 0x80 >>> (bit % 8);
                if ((address[bit / 8] & mask) != (prefix[bit / 8] & mask)) {
                    return false;
                }
            }
            return true;
        }
    }
}
