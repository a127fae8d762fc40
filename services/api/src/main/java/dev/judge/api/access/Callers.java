package dev.judge.api.access;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Optional;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import org.springframework.stereotype.Component;

/**
 * Tells who sent a request from its {@code Authorization: Bearer} token: the admin token, an active
 * API key (looked up by its hash, then trusted for {@code judge.access.key-cache-ttl}), or no token
 * at all (anonymous, if allowed). A token that is neither is refused even where anonymous calls are
 * allowed, so that a mistyped key never passes as anonymous.
 */
@Component
public class Callers {

    private static final String BEARER = "Bearer ";
    private static final String KEY_PREFIX = "judge_";
    private static final SecureRandom RANDOM = new SecureRandom();

    private final ApiKeyRepository keys;
    private final AccessProperties properties;
    private final byte[] adminTokenSha256;
    // By the key's hash; an unknown key is remembered too (as empty), so that a client retrying a
    // wrong key does not cost a query each time.
    private final Cache<String, Optional<ApiKey>> known;

    Callers(ApiKeyRepository keys, AccessProperties properties) {
        this.keys = keys;
        this.properties = properties;
        this.adminTokenSha256 = properties.adminToken().isEmpty() ? null : sha256(properties.adminToken());
        this.known = Caffeine.newBuilder()
                .maximumSize(10_000)
                .expireAfterWrite(properties.keyCacheTtl())
                .build();
    }

    /** The caller of a request with this Authorization header (null when absent). */
    public Caller resolve(String authorization) {
        if (authorization == null) {
            if (!properties.anonymous()) {
                throw UnauthorizedException.missing();
            }
            return new Caller.Anonymous();
        }
        if (!authorization.regionMatches(true, 0, BEARER, 0, BEARER.length())) {
            throw UnauthorizedException.invalid();
        }
        byte[] hash = sha256(authorization.substring(BEARER.length()).strip());
        if (adminTokenSha256 != null && MessageDigest.isEqual(hash, adminTokenSha256)) {
            return new Caller.Admin();
        }
        return known.get(HexFormat.of().formatHex(hash), ignored -> keys.findActive(hash))
                .<Caller>map(Caller.KeyHolder::new)
                .orElseThrow(UnauthorizedException::invalid);
    }

    /** The admin, or 403 (401 for a request without credentials). */
    public void requireAdmin(Caller caller) {
        if (caller instanceof Caller.Admin) {
            return;
        }
        if (adminTokenSha256 == null) {
            throw UnauthorizedException.noAdmin();
        }
        throw caller instanceof Caller.Anonymous ? UnauthorizedException.missing() : UnauthorizedException.adminOnly();
    }

    /** A new key and its hash, the only thing stored of it, with the secret its webhooks are signed with. */
    static NewKey newKey() {
        String key = KEY_PREFIX + randomToken();
        return new NewKey(key, sha256(key), randomToken());
    }

    private static String randomToken() {
        byte[] secret = new byte[32];
        RANDOM.nextBytes(secret);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(secret);
    }

    /** Forget the keys this replica knows, so that a revocation takes effect here at once. */
    void forgetAll() {
        known.invalidateAll();
    }

    static byte[] sha256(String token) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("Every Java runtime has SHA-256", e);
        }
    }

    record NewKey(String key, byte[] sha256, String webhookSecret) {}
}
