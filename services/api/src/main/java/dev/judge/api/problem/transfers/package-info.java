/**
 * A problem's tests as setters and workers move them: {@code ProblemTestsController} ({@code
 * /api/problems/{id}/tests}, streamed in and out), {@code TestUpload} reads an upload and {@code
 * TestLines} writes a download, {@code SpooledTests} and {@code SpooledBody} hold a body on disk
 * between, and {@code TestTransfers} bounds how many are under way, per replica and per key.
 */
package dev.judge.api.problem.transfers;
