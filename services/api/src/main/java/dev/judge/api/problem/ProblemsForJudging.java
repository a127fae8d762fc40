package dev.judge.api.problem;

import java.util.List;

import org.springframework.dao.EmptyResultDataAccessException;
import org.springframework.stereotype.Component;
import org.springframework.util.ConcurrentLruCache;

import dev.judge.contracts.JudgeRequest.Limits;
import dev.judge.contracts.JudgeRequest.TestCase;
import dev.judge.contracts.OutputComparison;

/**
 * What a worker needs of a problem to judge a submission to it, read once and cached: problems are
 * immutable, so a cached one is never stale. The one place other features get a problem from, and
 * the one mapping from a problem to the request message's test cases.
 */
@Component
public class ProblemsForJudging {

    /** A problem as the judge sees it: its limits, how output is compared, and its test cases. */
    public record Judged(Limits limits, OutputComparison comparison, boolean stopOnFirstFailure, List<TestCase> testCases) {
    }

    private final ConcurrentLruCache<Long, Judged> cache;

    ProblemsForJudging(ProblemRepository problems) {
        this.cache = new ConcurrentLruCache<>(1024, id -> problems.find(id)
                .map(problem -> new Judged(new Limits(problem.timeLimitMs(), problem.memoryLimitMb()),
                        problem.comparison(), problem.stopOnFirstFailure(), problem.testCases().stream()
                                .map(test -> new TestCase(test.input(), test.expectedOutput())).toList()))
                .orElseThrow(() -> new EmptyResultDataAccessException("No problem " + id, 1)));
    }

    /** @throws EmptyResultDataAccessException for an id that names no problem (a submission's never does) */
    public Judged get(long id) {
        return cache.get(id);
    }
}
