/**
 * Submissions, from the POST that stores one to the webhook that reports its verdict. One package,
 * because the controller, the repository and the views are shared by all of it and a split would make
 * the parts depend on each other both ways; the files group as follows.
 *
 * <ul>
 * <li><b>Accepting</b> (the write path): {@code SubmissionController}'s POSTs,
 *     {@code SubmissionRequest} and {@code SubmissionBatch} (what a client sends,
 *     validated), {@code SubmissionService} (quota, lane, callback, then one
 *     transaction), {@code SubmissionRepository#insert} (the row), {@code
 *     SubmissionStored} (wakes the outbox relay, api {@code messaging/}), {@code JudgeRequests} (the message a
 *     worker gets), {@code SubmissionProperties} (the limits), and the refusals ({@code
 *     CallbackRefusedException}, {@code ContentTooLargeException}, {@code InvalidBatchException}, {@code
 *     LaneNotAllowedException}).</li>
 * <li><b>Reading</b> (polls and event streams, from memory): {@code SubmissionViews} (the cache), {@code
 *     SubmissionUpdateListener} (PostgreSQL LISTEN for the result consumer's notices, which refresh it),
 *     {@code SubmissionEvents} (server-sent events), {@code PollPacing} and {@code QueueEstimate} (ETags and
 *     {@code Retry-After}), {@code ReadProperties} and {@code PollingProperties}; what is shown:
 *     {@code SubmissionView}, {@code JudgementView}, {@code GroupView}, {@code TestCaseView}, {@code
 *     CallbackView}, {@code SubmissionList}, {@code SubmissionAccepted}.</li>
 * <li><b>Reporting</b>: {@code CallbackSender}, which delivers finished submissions to their callback
 *     URLs with the signing and targets of api {@code webhook/}.</li>
 * <li><b>Documenting</b>: {@code SubmissionApiDocument}, what the annotations cannot say in the OpenAPI
 *     document.</li>
 * </ul>
 *
 * <p>Every statement that changes a submission's state, here and in the other services, is listed in
 * docs/lifecycle.md.
 */
package dev.judge.api.submission;
