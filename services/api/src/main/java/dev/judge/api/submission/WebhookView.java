package dev.judge.api.submission;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;

import io.swagger.v3.oas.annotations.media.Schema;

/**
 * Where the finished submission is sent, and how that went so far.
 *
 * @param status PENDING until delivered (DELIVERED), or given up after judge.webhooks.give-up-after (FAILED)
 * @param lastResult the last attempt's outcome: {@code HTTP 503}, {@code timed out after 10 s}...
 */
// Its field is "callback", and its schema keeps the name clients generated from the document know.
@Schema(name = "CallbackView")
public record WebhookView(
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED) String url,

        @Schema(
                requiredMode = Schema.RequiredMode.REQUIRED,
                allowableValues = {"PENDING", "DELIVERED", "FAILED"})
        String status,

        @Schema(requiredMode = Schema.RequiredMode.REQUIRED) int attempts,
        Instant lastAttemptAt,
        String lastResult) {

    static final String COLUMNS =
            "callback_url, callback_status, callback_attempts, callback_last_at, callback_last_result";

    /** From a row with {@link #COLUMNS}; null without a callback. */
    static WebhookView of(ResultSet rs) throws SQLException {
        String url = rs.getString("callback_url");
        if (url == null) {
            return null;
        }
        OffsetDateTime last = rs.getObject("callback_last_at", OffsetDateTime.class);
        return new WebhookView(
                url,
                rs.getString("callback_status"),
                rs.getInt("callback_attempts"),
                last == null ? null : last.toInstant(),
                rs.getString("callback_last_result"));
    }
}
