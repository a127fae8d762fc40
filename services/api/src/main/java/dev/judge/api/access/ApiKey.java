package dev.judge.api.access;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

import io.swagger.v3.oas.annotations.media.Schema;

import dev.judge.contracts.Lane;

/**
 * A platform's key, as the admin API shows it: never the key itself, which only its creation returns.
 *
 * @param perMinute submissions accepted per minute (a window that starts with the first after the last ended)
 * @param maxWaiting submissions without a verdict yet, at once
 * @param lane the lane of its submissions that name none
 * @param lanes the lanes its submissions may name; the default lane is one of them
 * @param scopes what it may do
 */
public record ApiKey(
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED) UUID id,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED) String name,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED) int perMinute,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED) int maxWaiting,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED) Lane lane,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED) List<Lane> lanes,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED) List<Scope> scopes,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED) Instant createdAt,
        Instant revokedAt) {

    public boolean mayUse(Lane lane) {
        return lanes.contains(lane);
    }

    public boolean has(Scope scope) {
        return scopes.contains(scope);
    }
}
