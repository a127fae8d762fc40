package dev.judge.api.problem;

import org.springframework.dao.EmptyResultDataAccessException;
import org.springframework.stereotype.Component;
import org.springframework.util.ConcurrentLruCache;

/**
 * The problem versions submissions are judged against, read once and cached: a version never
 * changes, so a cached one is never stale. The one place other features get a problem from.
 */
@Component
public class ProblemsForJudging {

    private record Key(long problemId, int version) {
    }

    private final ConcurrentLruCache<Key, ProblemVersion> cache;

    ProblemsForJudging(ProblemRepository problems) {
        this.cache = new ConcurrentLruCache<>(1024, key -> problems.find(key.problemId(), key.version())
                .orElseThrow(() -> new EmptyResultDataAccessException("No problem " + key, 1)));
    }

    /** @throws EmptyResultDataAccessException for a version that does not exist (a submission's always does) */
    public ProblemVersion get(long problemId, int version) {
        return cache.get(new Key(problemId, version));
    }
}
