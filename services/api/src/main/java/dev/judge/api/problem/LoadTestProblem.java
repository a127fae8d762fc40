package dev.judge.api.problem;

import java.util.List;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;

import dev.judge.api.access.AccessProperties;
import dev.judge.api.access.LoadTestKey;

/**
 * The problem in-cluster load tests submit to, made for the load-test key and owned by it when that key
 * is configured, so that the key itself needs only the scope SUBMIT. The runners find it by its title
 * ({@code GET /api/problems}), which {@code tests/load/programs.js} holds too ({@code LoadTestProblemTests}
 * checks they agree). Made once: replicas starting at once take turns (an advisory lock), and a start
 * that finds it leaves it.
 */
@Component
@Order(1) // after LoadTestKey has made the key
class LoadTestProblem implements ApplicationRunner {

    static final String TITLE = "Sum (load test)";
    static final ProblemRequest REQUEST = new ProblemRequest(
            TITLE,
            1000,
            128,
            null,
            null,
            null,
            null,
            null,
            null,
            null,
            List.of(new TestCaseRequest("1 2\n", "3\n", null), new TestCaseRequest("40 2\n", "42\n", null)),
            null,
            null);

    private static final Logger log = LoggerFactory.getLogger(LoadTestProblem.class);

    private final AccessProperties access;
    private final ProblemRepository problems;
    private final ProblemService service;

    LoadTestProblem(AccessProperties access, ProblemRepository problems, ProblemService service) {
        this.access = access;
        this.problems = problems;
        this.service = service;
    }

    @Override
    public void run(ApplicationArguments arguments) {
        if (access.loadTest().key().isBlank()) {
            return;
        }
        ProblemOwner owner = new ProblemOwner(LoadTestKey.ID, false, ProblemVisibility.OWNER);
        long id = problems.findOrCreate(owner, TITLE, () -> service.create(REQUEST, owner));
        log.info("The load test submits to problem {} (\"{}\")", id, TITLE);
    }
}
