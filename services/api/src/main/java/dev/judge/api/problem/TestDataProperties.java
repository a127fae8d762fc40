package dev.judge.api.problem;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * How problems' tests are uploaded, shown and sent to the workers.
 *
 * @param inlineLimit tests up to this size (inputs and answers together) travel in each judge request;
 *        larger ones by reference, fetched by each worker once. Bounds what a burst pushes through the
 *        broker: 10,000 submissions × 64 KB is 640 MB, against 500 GB for 50 MB of tests inline
 * @param workerToken what workers show to fetch tests (the chart keeps it in a Secret shared with them);
 *        empty: nobody may fetch, and problems over {@code inlineLimit} cannot be judged
 * @param maxTestSize the largest input, and the largest answer, of one uploaded test; the API holds one
 *        test at a time in memory while it stores an upload, a few times this size
 * @param maxUploadSize the largest upload of a problem's tests (PUT /api/problems/{id}/tests), all of it
 * @param maxUploadedTests the most tests in one upload
 * @param shownTestsLimit GET /api/problems/{id} shows the tests up to this size; larger ones are read
 *        from GET /api/problems/{id}/tests, streamed
 * @param maxConcurrentTransfers setters' uploads, downloads and imports of tests at once per replica,
 *        and as many workers' stores of generated tests apart from them; more are answered 503 with
 *        Retry-After. Bounds the heap uploads take (each holds one test, a few times {@code maxTestSize})
 *        and the database connections downloads hold while a client reads
 * @param maxConcurrentTransfersPerKey uploads, downloads and imports of one key (the admin's, the anonymous
 *        caller's) at once per replica; more are answered 429 with Retry-After
 * @param maxStoredPerKey the most tests (inputs and answers, every version of every problem) one key's
 *        problems may hold, and the anonymous caller's; an upload, import or edit past it is refused (413),
 *        so that no tenant fills the database. The admin's problems are not counted
 */
@ConfigurationProperties("judge.test-data")
public record TestDataProperties(
        @DefaultValue("64KB") DataSize inlineLimit,
        @DefaultValue("") String workerToken,
        @DefaultValue("32MB") DataSize maxTestSize,
        @DefaultValue("1GB") DataSize maxUploadSize,
        @DefaultValue("2000") int maxUploadedTests,
        @DefaultValue("8MB") DataSize shownTestsLimit,
        @DefaultValue("2") int maxConcurrentTransfers,
        @DefaultValue("1") int maxConcurrentTransfersPerKey,
        @DefaultValue("4GB") DataSize maxStoredPerKey) {}
