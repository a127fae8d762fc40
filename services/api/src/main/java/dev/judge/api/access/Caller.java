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
