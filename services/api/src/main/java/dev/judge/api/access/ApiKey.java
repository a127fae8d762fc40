package dev.judge.api.access;

import java.time.Instant;
import java.util.UUID;

import io.swagger.v3.oas.annotations.media.Schema;

/**
 * A platform's key, as the admin API shows it: never the key itself, which only its creation returns.
 *
 * @param perMinute submissions accepted per minute (a window that starts with the first after the last ended)
 * @param maxWaiting submissions without a verdict yet, at once
 */
public record ApiKey(
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED) UUID id,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED) String name,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED) int perMinute,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED) int maxWaiting,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED) Instant createdAt,
        Instant revokedAt) {
}
