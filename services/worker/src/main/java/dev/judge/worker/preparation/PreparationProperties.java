package dev.judge.worker.preparation;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * How a worker prepares problem versions ({@link ProblemPreparer}).
 *
 * @param concurrency preparations one worker runs at once, beside its submissions. The API sends one
 *        version per key at a time, so one tenant's slow package takes at most one of these, cluster-wide
 * @param timeLimit the longest one preparation may take, its programs built, its tests generated and
 *        validated, its solutions judged; past it the version fails, saying where it was
 * @param progressEvery how often a preparation under way says how far it got: the API sends a version
 *        again only after a while without a word (judge.problems.preparation.resend-after), so this must be
 *        well below that
 * @param maxGeneratedSize the most its generated tests and answers may come to as the worker keeps them
 *        (one JSON line each, control characters escaped), below the work volume (the chart's
 *        worker.workDirSizeLimit, less the test cache and the sandboxes); past it the version fails
 */
@ConfigurationProperties("judge.worker.preparation")
public record PreparationProperties(
        @DefaultValue("2") int concurrency,
        @DefaultValue("15m") Duration timeLimit,
        @DefaultValue("30s") Duration progressEvery,
        @DefaultValue("512MB") DataSize maxGeneratedSize) {}
