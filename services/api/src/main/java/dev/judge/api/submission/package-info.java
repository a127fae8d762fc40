/**
 * Submissions accepted: the POSTs that store one or a batch and queue them, and the stored rows they
 * become. The read side (polls, event streams, from memory) is {@code submission.read}; delivering
 * verdicts to webhooks is api {@code webhook/}. Both depend on this package, never it on them: the
 * read side learns of a submission just accepted from {@link dev.judge.api.submission.SubmissionQueued}.
 *
 * <ul>
 * <li><b>Accepting</b>: {@code SubmissionController} (the POSTs; {@code SubmitShortcut} answers a burst's
 *     {@code POST /api/submissions} by calling it without Spring MVC's dispatch), {@code SubmissionRequest} and
 *     {@code SubmissionBatch} (what a client sends, validated), {@code SubmissionService} (quota, lane,
 *     webhook URL, then one transaction), {@code SubmissionWriter} (bursts written in batches), {@code
 *     SubmissionStored} (wakes the outbox relay, api {@code messaging/}), {@code SubmissionQueued} (tells
 *     the read side), {@code JudgeRequests} (the message a worker gets), {@code SubmissionProperties} (the
 *     limits), and the refusals ({@code ContentTooLargeException}, {@code InvalidBatchException}, {@code
 *     LaneNotAllowedException}; a webhook URL's is api {@code webhook/}'s).</li>
 * <li><b>Stored</b>: {@code SubmissionRepository} (the rows), and what a client is shown: {@code
 *     SubmissionView}, {@code JudgementView}, {@code GroupView}, {@code TestCaseView}, {@code WebhookView},
 *     {@code SubmissionList}, {@code SubmissionAccepted}.</li>
 * <li><b>The queue's wait</b>: {@code QueueEstimate} and {@code PollingProperties}: the {@code
 *     Retry-After} of an accepted submission and of a poll.</li>
 * <li><b>Documenting</b>: {@code SubmissionApiDocument}, what the annotations cannot say in the OpenAPI
 *     document.</li>
 * </ul>
 *
 * <p>Every statement that changes a submission's state, here and in the other services, is listed in
 * docs/lifecycle.md.
 */
package dev.judge.api.submission;
