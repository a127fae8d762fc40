package dev.judge.api.webhook;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.HexFormat;
import java.util.List;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The {@value #HEADER} header of a delivery: {@code t=<unix seconds>,v1=<hex HMAC-SHA256>} over
 * {@code "<t>.<body>"} under the key's webhook secret, and during a rotation a second {@code v1} under
 * the secret it replaced. A receiver recomputes it under the secret it knows, accepts if any {@code v1}
 * matches (compared in constant time), and refuses an old {@code t} to stop replays.
 */
public final class WebhookSignature {

    public static final String HEADER = "Judge-Signature";

    private WebhookSignature() {}

    public static String of(String secret, long unixSeconds, byte[] body) {
        return "t=" + unixSeconds + ",v1=" + hmac(secret, unixSeconds, body);
    }

    /** Signed under each of these secrets, the current one first. */
    public static String of(List<String> secrets, long unixSeconds, byte[] body) {
        StringBuilder header = new StringBuilder("t=").append(unixSeconds);
        secrets.forEach(secret -> header.append(",v1=").append(hmac(secret, unixSeconds, body)));
        return header.toString();
    }

    private static String hmac(String secret, long unixSeconds, byte[] body) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            mac.update((unixSeconds + ".").getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(mac.doFinal(body));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("Every Java runtime has HmacSHA256", e);
        }
    }
}
