package dev.judge.api.problem;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * What a submission's own key sees of its judgement, as a problem sets it; the problem's owner and the
 * admin see everything, and the problem's sample tests are always shown in full.
 */
public enum FeedbackPolicy {
    /** Every test, with its output and the checker's message. */
    @JsonProperty("full")
    FULL,
    /** The tests up to the first that failed, as ICPC-style judges say "wrong answer on test 5". */
    @JsonProperty("first-failure")
    FIRST_FAILURE,
    /** The verdict, score, time and memory, and the compiler's messages: no test, no group. */
    @JsonProperty("summary")
    SUMMARY
}
