package dev.judge.api.access;

import java.util.Objects;
import java.util.UUID;

/**
 * Who sent a request: an anonymous client (when {@code judge.access.anonymous} allows them), a
 * platform by its API key, or the admin. Controllers take it as a parameter.
 */
public sealed interface Caller {

    /** The key that owns what this caller submits; null for anonymous and admin submissions. */
    UUID keyId();

    /**
     * Whether this caller may do what the scope allows: a key as the admin set it; the admin, and
     * the anonymous caller of a stack that allows anonymous calls (a local one), anything their own.
     */
    default boolean has(Scope scope) {
        return !(this instanceof KeyHolder holder) || holder.key().has(scope);
    }

    /** Whether this caller may read a submission owned by this key (null: an anonymous one). */
    default boolean mayRead(UUID ownerKeyId) {
        return this instanceof Admin || Objects.equals(keyId(), ownerKeyId);
    }

    record Anonymous() implements Caller {

        @Override
        public UUID keyId() {
            return null;
        }
    }

    record Admin() implements Caller {

        @Override
        public UUID keyId() {
            return null;
        }
    }

    record KeyHolder(ApiKey key) implements Caller {

        @Override
        public UUID keyId() {
            return key.id();
        }
    }
}
