package dev.judge.api.webhook;

import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

import dev.judge.api.submission.SubmissionFeedback;
import dev.judge.api.submission.SubmissionRepository;
import dev.judge.api.submission.SubmissionView;
import dev.judge.api.system.BackgroundLoop;
import dev.judge.api.webhook.WebhookTargets.RefusedTargetException;
import dev.judge.contracts.SubmissionNotifications;

/**
 * Delivers finished submissions to their callback URLs, at least once, never in the way of judging:
 * the verdict is recorded first, and this loop on every API replica finds the deliveries due in the
 * database. A replica claims a delivery for a lease (so that replicas never send it at once, and one
 * that dies mid-delivery leaves it to the others), POSTs the submission as {@code GET} shows it,
 * signed ({@link WebhookSignature}), and records the outcome: DELIVERED on a 2xx, else another
 * attempt after a doubling delay, until {@code judge.webhooks.give-up-after} past the verdict (FAILED).
 * Each outcome notifies the replicas, so that reads show the delivery's state. Fair between keys: a
 * key has at most {@code judge.webhooks.per-key-concurrency} deliveries in flight on a replica, and a
 * claim takes the oldest due of each key in turn, so one key's slow receiver delays only its own.
 */
@Component
class WebhookSender extends BackgroundLoop {

    private static final Logger log = LoggerFactory.getLogger(WebhookSender.class);
    private static final Duration IDLE_POLL = Duration.ofMillis(500);
    private static final Duration RETRY_DELAY = Duration.ofSeconds(2);
    private static final String DELIVERY_HEADER = "Judge-Delivery";

    private final JdbcClient jdbc;
    private final SubmissionRepository submissions;
    private final SubmissionFeedback feedback;
    private final JsonMapper json;
    private final WebhookTargets targets;
    private final WebhookProperties properties;
    private final Map<String, Counter> attemptsByOutcome;
    private final WebhookClient client;
    private final ExecutorService deliveries = Executors.newVirtualThreadPerTaskExecutor();
    private final Semaphore inFlight;
    private final Map<UUID, Integer> inFlightByKey = new HashMap<>();

    WebhookSender(
            JdbcClient jdbc,
            SubmissionRepository submissions,
            SubmissionFeedback feedback,
            JsonMapper json,
            WebhookTargets targets,
            WebhookClient client,
            WebhookProperties properties,
            MeterRegistry meters) {
        super("callback-sender");
        this.jdbc = jdbc;
        this.submissions = submissions;
        this.feedback = feedback;
        this.json = json;
        this.targets = targets;
        this.client = client;
        this.properties = properties;
        this.inFlight = new Semaphore(properties.concurrency());
        // Registered up front, so that the dashboard finds every outcome before the first delivery.
        this.attemptsByOutcome = Stream.of("delivered", "retrying", "given_up")
                .collect(Collectors.toMap(
                        outcome -> outcome,
                        outcome -> Counter.builder("judge.webhooks.deliveries")
                                .description("Webhook delivery attempts, by outcome")
                                .tag("outcome", outcome)
                                .register(meters)));
    }

    @Override
    protected void runLoop() {
        if (!properties.enabled()) {
            return;
        }
        while (isRunning()) {
            try {
                List<Due> due = claim(inFlight.availablePermits());
                for (Due delivery : due) {
                    inFlight.acquire();
                    startedFor(delivery.keyId(), +1);
                    deliveries.execute(() -> {
                        try {
                            deliver(delivery);
                        } finally {
                            startedFor(delivery.keyId(), -1);
                            inFlight.release();
                        }
                    });
                }
                if (due.isEmpty() && !pause(IDLE_POLL)) {
                    return;
                }
            } catch (InterruptedException e) {
                return;
            } catch (DataAccessException e) {
                log.warn("Cannot read the deliveries due: {}", e.toString());
                if (!pause(RETRY_DELAY)) {
                    return;
                }
            }
        }
    }

    /**
     * Claims up to {@code limit} due deliveries for a lease of twice an attempt's timeout: the oldest of
     * each key first (by its turn among its key's due ones), at most per-key-concurrency of a key, none
     * of a key with that many in flight here. Replicas claiming at once both pick a row, and the second
     * update, re-checking it after the first's commit, finds it leased and leaves it.
     */
    List<Due> claim(int limit) {
        if (limit == 0) {
            return List.of();
        }
        Map<UUID, Integer> busy;
        synchronized (inFlightByKey) {
            busy = Map.copyOf(inFlightByKey);
        }
        String full = busy.entrySet().stream()
                .filter(key -> key.getValue() >= properties.perKeyConcurrency())
                .map(key -> key.getKey().toString())
                .collect(Collectors.joining(","));
        return jdbc.sql("""
                update submission s set callback_next_at = now() + make_interval(secs => :leaseSeconds)
                from api_key k
                where k.id = s.api_key_id and s.id in (
                    select id from (
                        select id, callback_next_at,
                               row_number() over (partition by api_key_id order by callback_next_at) as turn
                        from submission
                        where callback_status = 'PENDING' and status = 'FINISHED' and callback_next_at <= now()
                          and api_key_id <> all (string_to_array(:full, ',')::uuid[])) due
                    where turn <= :perKey
                    order by turn, callback_next_at limit :limit)
                  and s.callback_status = 'PENDING' and s.callback_next_at <= now()
                returning s.id, s.api_key_id, s.judgement, s.callback_url, s.callback_attempts, s.finished_at, k.webhook_secret,
                    case when k.previous_secret_until > now() then k.previous_webhook_secret end as previous_secret""")
                .param("leaseSeconds", properties.timeout().multipliedBy(2).toSeconds())
                .param("full", full)
                .param("perKey", properties.perKeyConcurrency())
                .param("limit", limit)
                .query((rs, row) -> new Due(
                        rs.getObject("id", UUID.class),
                        rs.getObject("api_key_id", UUID.class),
                        rs.getInt("judgement"),
                        rs.getString("callback_url"),
                        rs.getInt("callback_attempts"),
                        rs.getObject("finished_at", OffsetDateTime.class).toInstant(),
                        Stream.of(rs.getString("webhook_secret"), rs.getString("previous_secret"))
                                .filter(Objects::nonNull)
                                .toList()))
                .list();
    }

    private void startedFor(UUID keyId, int change) {
        synchronized (inFlightByKey) {
            inFlightByKey.merge(keyId, change, Integer::sum);
            inFlightByKey.remove(keyId, 0);
        }
    }

    private void deliver(Due delivery) {
        String result;
        boolean delivered = false;
        try {
            Optional<String> refusal = targets.formRefusal(delivery.url());
            if (refusal.isPresent()) {
                result = "refused: " + refusal.get();
            } else {
                // As its key sees it when it polls: its problem's feedback policy hides what it hides there.
                SubmissionView view =
                        feedback.shownToItsKey(submissions.find(delivery.id()).orElseThrow());
                byte[] body = json.writeValueAsBytes(view);
                // The host's addresses are checked by the client's own lookup, the one it connects with.
                int status = client.post(
                        URI.create(delivery.url()),
                        Map.of(
                                // The same for every attempt at one judgement, another for a rejudge's.
                                DELIVERY_HEADER,
                                delivery.id() + "." + delivery.judgement(),
                                WebhookSignature.HEADER,
                                WebhookSignature.of(
                                        delivery.secrets(), Instant.now().getEpochSecond(), body)),
                        body,
                        properties.timeout());
                result = "HTTP " + status;
                delivered = status / 100 == 2;
            }
        } catch (RefusedTargetException e) {
            result = "refused: " + e.getMessage();
        } catch (TimeoutException e) {
            result = "timed out after " + properties.timeout().toSeconds() + " s";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return; // the lease runs out and another attempt follows
        } catch (Exception e) {
            result = "failed: " + e.getClass().getSimpleName() + (e.getMessage() == null ? "" : " " + e.getMessage());
        }
        record(delivery, delivered, result);
    }

    private void record(Due delivery, boolean delivered, String result) {
        int attempts = delivery.attempts() + 1;
        boolean givingUp = !delivered
                && Instant.now()
                        .plus(properties.retryDelay(attempts))
                        .isAfter(delivery.finishedAt().plus(properties.giveUpAfter()));
        String status = delivered ? "DELIVERED" : givingUp ? "FAILED" : "PENDING";
        try {
            jdbc.sql("""
                    with recorded as (
                        update submission set callback_status = :status, callback_attempts = :attempts,
                            callback_last_at = now(), callback_last_result = :result,
                            callback_next_at = now() + make_interval(secs => :retrySeconds)
                        where id = :id and callback_status = 'PENDING' and judgement = :judgement
                        returning id)
                    select count(pg_notify(:channel, id::text)) from recorded""")
                    .param("status", status)
                    .param("attempts", attempts)
                    .param("result", result.length() > 500 ? result.substring(0, 500) : result)
                    .param("retrySeconds", properties.retryDelay(attempts).toMillis() / 1000.0)
                    .param("id", delivery.id())
                    .param("judgement", delivery.judgement())
                    .param("channel", SubmissionNotifications.CHANNEL)
                    .query(Integer.class)
                    .single();
        } catch (DataAccessException e) {
            // The lease runs out and the delivery is tried again: at least once, not exactly once.
            log.warn("Cannot record the delivery of {} ({}): {}", delivery.id(), result, e.toString());
        }
        attemptsByOutcome
                .get(delivered ? "delivered" : givingUp ? "given_up" : "retrying")
                .increment();
        if (!delivered) {
            log.info(
                    "Delivery of {} to its callback failed ({}), attempt {}{}",
                    delivery.id(),
                    result,
                    attempts,
                    givingUp ? "; given up" : "");
        }
    }

    /** @param judgement the judgement it delivers: a rejudge starts a delivery of its own, and this one's outcome is dropped */
    /** @param secrets the key's webhook secret, and the one it replaced while that still signs */
    record Due(
            UUID id, UUID keyId, int judgement, String url, int attempts, Instant finishedAt, List<String> secrets) {}
}
