package dev.judge.api.problem;

/**
 * What storing a problem needs of its preparation ({@code preparation/} implements it): problems are
 * the lower layer, so preparation depends on them and not the other way round.
 */
public interface PreparationQueue {

    /**
     * The size of the preparation a version not yet stored would be sent as; the largest JSON document
     * a service reads must hold it.
     */
    long preparationBytes(ProblemVersion version);

    /** Sends the workers every version due to be prepared: the one just stored among them. */
    void sendDue();
}
