package dev.judge.api.problem;

import org.springframework.dao.EmptyResultDataAccessException;
import org.springframework.stereotype.Component;
import org.springframework.util.ConcurrentLruCache;

/**
 * The problem versions submissions are judged against, read once and cached: a version never
 * changes, so a cached one is never stale. Tests over {@code judge.test-data.inline-limit} are not
 * read: they go to workers by reference. The one place other features get a problem from.
 */
@Component
public class ProblemsForJudging {

    private record Key(long problemId, int version) {}

    private final ConcurrentLruCache<Key, ProblemVersion> cache;
    private final ProblemRepository problems;

    ProblemsForJudging(ProblemRepository problems, TestDataProperties testData) {
        this.problems = problems;
        this.cache = new ConcurrentLruCache<>(
                1024,
                key -> problems.find(
                                key.problemId(),
                                key.version(),
                                testData.inlineLimit().toBytes())
                        .orElseThrow(() -> new EmptyResultDataAccessException("No problem " + key, 1)));
    }

    /**
     * @return the version, with its tests if they go inline (else {@link ProblemVersion#testCases()} is null)
     * @throws EmptyResultDataAccessException for a version that does not exist (a submission's always does)
     */
    public ProblemVersion get(long problemId, int version) {
        return cache.get(new Key(problemId, version));
    }
}
