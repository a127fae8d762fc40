package dev.judge.api.access;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

import io.swagger.v3.oas.annotations.media.Schema;

import dev.judge.contracts.Lane;

/** A new key, with the key itself (shown this once, since only its hash is stored) and its webhook secret. */
record ApiKeyCreated(
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED) UUID id,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED) String name,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED) int perMinute,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED) int maxWaiting,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED) Lane lane,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED) List<Lane> lanes,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED) Instant createdAt,

        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, description = "Send it as `Authorization: Bearer <key>`")
        String key,

        @Schema(
                requiredMode = Schema.RequiredMode.REQUIRED,
                description = "What the key's webhook deliveries are signed with (HMAC-SHA256, header Judge-Signature)")
        String webhookSecret) {

    ApiKeyCreated(ApiKey apiKey, String key, String webhookSecret) {
        this(
                apiKey.id(),
                apiKey.name(),
                apiKey.perMinute(),
                apiKey.maxWaiting(),
                apiKey.lane(),
                apiKey.lanes(),
                apiKey.createdAt(),
                key,
                webhookSecret);
    }
}
