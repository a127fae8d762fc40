package dev.judge.api.webhook;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.net.spi.InetAddressResolver;
import java.net.spi.InetAddressResolverProvider;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

/**
 * Host names for the webhook tests, answered through the JDK's resolver SPI (the test classpath
 * registers it in META-INF/services); every other name goes to the system's resolver. {@value #REBINDING}
 * answers a public address to its first lookup and loopback to every later one, as the DNS server of
 * an attacker does for a DNS-rebinding attack.
 */
public class TestNamesResolverProvider extends InetAddressResolverProvider {

    static final String REBINDING = "rebinding.test";
    static final AtomicInteger rebindingLookups = new AtomicInteger();
    private static final byte[] PUBLIC = {(byte) 192, 0, 3, 1};

    @Override
    public InetAddressResolver get(Configuration configuration) {
        InetAddressResolver system = configuration.builtinResolver();
        return new InetAddressResolver() {
            @Override
            public Stream<InetAddress> lookupByName(String host, LookupPolicy policy) throws UnknownHostException {
                if (REBINDING.equals(host)) {
                    boolean first = rebindingLookups.getAndIncrement() == 0;
                    return Stream.of(first ? InetAddress.getByAddress(host, PUBLIC) : InetAddress.getLoopbackAddress());
                }
                return system.lookupByName(host, policy);
            }

            @Override
            public String lookupByAddress(byte[] address) throws UnknownHostException {
                return system.lookupByAddress(address);
            }
        };
    }

    @Override
    public String name() {
        return "judge-test-names";
    }
}
