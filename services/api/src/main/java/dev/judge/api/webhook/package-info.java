/**
 * Webhooks: a finished submission delivered, signed, to the URL its client gave ({@code callbackUrl}).
 * {@code WebhookTargets} refuses URLs that are not http(s) or reach internal addresses, at submission
 * and again at each connection ({@code WebhookClient}); {@code WebhookSender} claims due deliveries and
 * retries them; {@code WebhookSignature} signs each with its key's secret; {@code WebhookProperties} the
 * settings ({@code judge.webhooks.*}).
 */
package dev.judge.api.webhook;
