/**
 * A version's preparation, as the API sees it (setters' programs built and tests made by a worker
 * before the version takes submissions): {@code ProblemPreparations} sends the versions due, a few per
 * owner at a time and again when one was lost; {@code PreparationEnded} sends the next when one ends;
 * {@code WorkerEndpoints} ({@code /internal}, management port only) gives workers the tests and
 * programs they fetch and stores the tests they generate.
 */
package dev.judge.api.problem.preparation;
