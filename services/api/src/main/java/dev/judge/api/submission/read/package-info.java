/**
 * Submissions read: polls and event streams, answered from memory while thousands of clients wait.
 *
 * <ul>
 * <li>{@code SubmissionReadController}: the GETs of {@code /api/submissions} (one, many, events,
 *     judgements); {@code PollShortcut}, a filter that answers a poll ({@code GET /api/submissions/{id}})
 *     by calling the controller's method without Spring MVC's dispatch (api {@code system/DirectRoute}).</li>
 * <li>{@code SubmissionViewCache}: the submissions held in memory, kept current by {@code
 *     SubmissionUpdateListener} (PostgreSQL LISTEN for the result consumer's notices, and preparations'
 *     ends); {@code ReadProperties} its sizes.</li>
 * <li>{@code SubmissionEvents}: server-sent events; {@code PollPacing}: when each client was told to
 *     come back.</li>
 * </ul>
 */
package dev.judge.api.submission.read;
