package dev.judge.api.problem;

import java.util.Map;
import java.util.Set;

/**
 * What a problem's current version takes from a submission, as the repository reads it and
 * {@link ProblemAccess} caches it.
 *
 * @param graderNames for a grader problem, by the languages it takes, the names a submission's own
 *        files may not have (its grader's and the solution file); empty for a problem without
 *        graders, which takes any language
 * @param outputOnly it takes outputs, never a program
 * @param testCount how many tests it has: the most outputs an output-only problem takes
 * @param languages the languages it takes submissions in; empty for every one
 */
public record SubmissionRules(
        Map<String, Set<String>> graderNames, boolean outputOnly, int testCount, Set<String> languages) {

    static final SubmissionRules ANY_PROGRAM = new SubmissionRules(Map.of(), false, 0, Set.of());
}
