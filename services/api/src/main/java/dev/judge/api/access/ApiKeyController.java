package dev.judge.api.access;

import static dev.judge.api.system.ResponseDescriptions.NOT_ADMIN;
import static dev.judge.api.system.ResponseDescriptions.NOT_A_UUID;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.security.SecurityRequirement;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.util.UriComponentsBuilder;

import dev.judge.api.system.NotFoundException;

/** The admin API of keys: make one (its key is shown once), list them, revoke one. */
@RestController
@RequestMapping(path = "/api/keys", produces = MediaType.APPLICATION_JSON_VALUE)
@Tag(name = "keys")
@SecurityRequirement(name = "bearer")
class ApiKeyController {

    private final ApiKeyRepository keys;
    private final Callers callers;
    private final AccessProperties properties;

    ApiKeyController(ApiKeyRepository keys, Callers callers, AccessProperties properties) {
        this.keys = keys;
        this.callers = callers;
        this.properties = properties;
    }

    @PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
    @Operation(operationId = "createKey", summary = "Make an API key (admin); the key is in this answer only")
    @ApiResponse(responseCode = "201", description = "Made; `key` is shown this once, `webhookSecret` too")
    @ApiResponse(responseCode = "400", description = "Invalid fields; `errors` lists them")
    @ApiResponse(responseCode = "403", description = NOT_ADMIN)
    ResponseEntity<ApiKeyCreated> create(
            Caller caller, @Valid @RequestBody ApiKeyRequest request, UriComponentsBuilder uri) {
        callers.requireAdmin(caller);
        Callers.NewKey secret = Callers.newKey();
        ApiKey key = keys.insert(
                request.name(),
                secret.sha256(),
                secret.webhookSecret(),
                request.perMinute() != null ? request.perMinute() : properties.defaultPerMinute(),
                request.maxWaiting() != null ? request.maxWaiting() : properties.defaultMaxWaiting(),
                request.effectiveLane(),
                request.effectiveLanes(),
                request.effectiveScopes());
        return ResponseEntity.created(uri.path("/api/keys/{id}").build(key.id()))
                .body(new ApiKeyCreated(key, secret.key(), secret.webhookSecret()));
    }

    @GetMapping
    @Operation(
            operationId = "listKeys",
            summary = "Every key, revoked ones included, without the keys themselves (admin)")
    @ApiResponse(responseCode = "200", description = "Oldest first")
    @ApiResponse(responseCode = "403", description = NOT_ADMIN)
    List<ApiKey> list(Caller caller) {
        callers.requireAdmin(caller);
        return keys.findAll();
    }

    /** The old secret keeps signing deliveries, beside the new one, for judge.access.webhook-secret-overlap. */
    @PostMapping("/{id}/webhook-secret")
    @Operation(
            operationId = "rotateWebhookSecret",
            summary = "Give a key a new webhook secret (admin); the old one "
                    + "signs deliveries too for a while, so that receivers can switch without missing any")
    @ApiResponse(
            responseCode = "200",
            description = "The new `webhookSecret`, shown this once, and until when the old one signs too")
    @ApiResponse(responseCode = "400", description = NOT_A_UUID)
    @ApiResponse(responseCode = "403", description = NOT_ADMIN)
    @ApiResponse(responseCode = "404", description = "No active key with this id")
    WebhookSecretRotated rotateWebhookSecret(Caller caller, @PathVariable UUID id) {
        callers.requireAdmin(caller);
        String secret = Callers.newKey().webhookSecret();
        if (!keys.rotateWebhookSecret(id, secret, properties.webhookSecretOverlap())) {
            throw new NotFoundException("key", id);
        }
        return new WebhookSecretRotated(secret, Instant.now().plus(properties.webhookSecretOverlap()));
    }

    /** @param previousSignsUntil the replaced secret signs deliveries too until then */
    record WebhookSecretRotated(
            @Schema(requiredMode = Schema.RequiredMode.REQUIRED)
            String webhookSecret,

            @Schema(requiredMode = Schema.RequiredMode.REQUIRED)
            Instant previousSignsUntil) {}

    /** Takes effect at once on this replica, and on the others within judge.access.key-cache-ttl. */
    @DeleteMapping("/{id}")
    @Operation(operationId = "revokeKey", summary = "Revoke a key (admin); its submissions stay")
    @ApiResponse(responseCode = "204", description = "Revoked (or it already was)")
    @ApiResponse(responseCode = "400", description = NOT_A_UUID)
    @ApiResponse(responseCode = "403", description = NOT_ADMIN)
    @ApiResponse(responseCode = "404", description = "No key with this id")
    ResponseEntity<Void> revoke(Caller caller, @PathVariable UUID id) {
        callers.requireAdmin(caller);
        if (!keys.revoke(id) && !keys.exists(id)) {
            throw new NotFoundException("key", id);
        }
        callers.forgetAll();
        return ResponseEntity.noContent().build();
    }
}
