package dev.judge.api.problem.preparation;

/**
 * A problem version's preparation ended (the result consumer said so): the next of its owner's versions
 * waiting to be prepared may be sent now.
 */
public record PreparationEnded() {}
