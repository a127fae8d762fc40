package dev.judge.api.problem;

import java.nio.charset.StandardCharsets;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.function.Consumer;
import java.util.function.Function;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.annotation.Transactional;
import tools.jackson.core.JacksonException;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

import dev.judge.contracts.Checker;
import dev.judge.contracts.JudgeRequest;
import dev.judge.contracts.PreparationResult;
import dev.judge.contracts.ProblemProgram;
import dev.judge.contracts.SetterLimits;
import dev.judge.contracts.TestData;
import dev.judge.contracts.TestGeneration;
import dev.judge.contracts.language.Language;

/** Problems and their versions; a version's checker, interactor, groups and time factors are JSON columns. */
@Repository
class ProblemRepository {

    private static final TypeReference<List<JudgeRequest.Group>> GROUPS = new TypeReference<>() {};
    private static final TypeReference<Map<String, StoredTimeLimits>> TIME_LIMITS = new TypeReference<>() {};
    private static final TypeReference<List<ProblemVersion.TaggedSolution>> SOLUTIONS = new TypeReference<>() {};
    private static final TypeReference<List<PreparationResult.SolutionVerdict>> SOLUTION_VERDICTS =
            new TypeReference<>() {};
    private static final String TESTS_OF_VERSION = """
            select input, expected_output, group_name from test_case
            where problem_id = ? and version = ? order by ordinal""";
    // One row at a time: a test may be tens of megabytes, and a stream should hold one.
    private static final int TESTS_PER_FETCH = 1;

    /** A language's time factor as stored: the offset in milliseconds. */
    private record StoredTimeLimits(double factor, long offsetMs) {}

    private final JdbcClient jdbc;
    private static final Logger log = LoggerFactory.getLogger(ProblemRepository.class);

    private final JsonMapper json;

    ProblemRepository(JdbcClient jdbc, JsonMapper json) {
        this.jdbc = jdbc;
        this.json = json;
    }

    /** Stores a new problem as its version 1; returns its id. */
    @Transactional
    long create(ProblemVersion problem, ProblemOwner owner) {
        long id = jdbc.sql("""
                insert into problem (title, time_limit_ms, memory_limit_mb, comparison, stop_on_first_failure, version,
                    owner_key_id, anonymous_owner, submitters)
                values (:title, :timeLimitMs, :memoryLimitMb, :comparison, :stopOnFirstFailure, 1,
                    :ownerKeyId, :anonymousOwner, :submitters)
                returning id""")
                .param("ownerKeyId", owner.keyId())
                .param("anonymousOwner", owner.anonymous())
                .param("submitters", owner.submitters().name())
                .param("title", problem.title())
                .param("timeLimitMs", problem.timeLimitMs())
                .param("memoryLimitMb", problem.memoryLimitMb())
                .param("comparison", problem.comparison().name())
                .param("stopOnFirstFailure", problem.stopOnFirstFailure())
                .query(Long.class)
                .single();
        insertVersion(id, 1, problem);
        return id;
    }

    /**
     * Stores the next version of a problem and makes it current, and who may submit to it (null: as
     * before); empty when there is no such problem.
     */
    @Transactional
    Optional<Integer> addVersion(long id, ProblemVersion problem, Submitters submitters) {
        // The row lock orders concurrent edits: each gets a version of its own.
        Optional<Integer> version = jdbc.sql("""
                update problem set version = version + 1, title = :title, time_limit_ms = :timeLimitMs,
                    memory_limit_mb = :memoryLimitMb, comparison = :comparison, stop_on_first_failure = :stopOnFirstFailure,
                    submitters = coalesce(:submitters, submitters)
                where id = :id
                returning version""")
                .param("id", id)
                .param("submitters", submitters == null ? null : submitters.name())
                .param("title", problem.title())
                .param("timeLimitMs", problem.timeLimitMs())
                .param("memoryLimitMb", problem.memoryLimitMb())
                .param("comparison", problem.comparison().name())
                .param("stopOnFirstFailure", problem.stopOnFirstFailure())
                .query(Integer.class)
                .optional();
        version.ifPresent(next -> insertVersion(id, next, problem));
        return version;
    }

    /**
     * Stores the next version of a problem: its current version with the tests {@code tests} reads,
     * one at a time, so that no more than one is in memory. Empty when there is no such problem;
     * nothing is stored when reading the tests throws.
     */
    @Transactional
    Optional<Integer> addVersionWithTests(long id, Function<ProblemVersion, UploadedTests> tests) {
        // The row lock orders concurrent edits, as in addVersion.
        Optional<Integer> current = jdbc.sql("select version from problem where id = ? for update")
                .param(id)
                .query(Integer.class)
                .optional();
        if (current.isEmpty()) {
            return Optional.empty();
        }
        ProblemVersion base = find(id, current.get(), 0).orElseThrow();
        UploadedTests uploaded = tests.apply(base);
        int version = current.get() + 1;
        jdbc.sql("update problem set version = ? where id = ?")
                .params(version, id)
                .update();
        insertVersionRow(id, version, base.withoutGeneration(), null);
        TestData.Digest digest = new TestData.Digest();
        int ordinal = 0;
        for (JudgeRequest.TestCase test = uploaded.next(); test != null; test = uploaded.next()) {
            insertTest(id, version, ordinal++, test);
            digest.add(test);
        }
        storeTestData(digest.of(id, version));
        return Optional.of(version);
    }

    /**
     * Stores the tests a worker made for a version still to generate them ({@link TestGeneration}): only
     * what the generation says is to be made (a hostile worker cannot change a setter's own test), all of
     * it, once. The first worker to store wins; the version's tests never change after.
     *
     * @return the reference of the version's complete tests; empty when it has none to generate (nor
     *         made them before): no such version, or one whose tests came whole
     * @throws IllegalArgumentException when {@code made} holds a test or a part not to be made, or
     *         misses one: nothing stored
     */
    @Transactional
    Optional<TestData> storeGeneratedTests(long id, int version, Iterator<TestGeneration.GeneratedTest> made) {
        record Pending(String generation, boolean generated) {}
        Optional<Pending> pending = jdbc.sql("""
                select test_generation, tests_generated_at is not null as generated from problem_version
                where problem_id = ? and version = ? and test_generation is not null
                for update""")
                .params(id, version)
                .query((rs, row) -> new Pending(rs.getString("test_generation"), rs.getBoolean("generated")))
                .optional();
        if (pending.isEmpty()) {
            return Optional.empty();
        }
        if (pending.get().generated()) {
            return find(id, version, 0).map(ProblemVersion::testData);
        }
        TestGeneration generation = json.readValue(pending.get().generation(), TestGeneration.class);
        Set<Integer> inputs = new HashSet<>();
        generation.recipes().forEach(recipe -> inputs.add(recipe.test()));
        Set<Integer> answers = new HashSet<>(generation.answers());
        while (made.hasNext()) {
            TestGeneration.GeneratedTest test = made.next();
            if (test.input() != null && !inputs.remove(test.test())
                    || test.expectedOutput() != null && !answers.remove(test.test())) {
                throw new IllegalArgumentException("Test " + test.test() + "'s "
                        + (test.input() != null ? "input" : "answer") + " is not one to generate, or came twice");
            }
            jdbc.sql("""
                    update test_case set input = coalesce(?, input), expected_output = coalesce(?, expected_output)
                    where problem_id = ? and version = ? and ordinal = ?""")
                    .params(
                            test.input() == null ? null : utf8(test.input()),
                            test.expectedOutput() == null ? null : utf8(test.expectedOutput()),
                            id,
                            version,
                            test.test() - 1)
                    .update();
        }
        if (!inputs.isEmpty() || !answers.isEmpty()) {
            throw new IllegalArgumentException("Not every test to generate came: inputs of tests " + inputs
                    + " and answers of " + answers + " are missing");
        }
        jdbc.sql("update problem_version set tests_generated_at = now() where problem_id = ? and version = ?")
                .params(id, version)
                .update();
        TestData.Digest digest = new TestData.Digest();
        streamTests(id, version, digest::add);
        return Optional.of(storeTestData(digest.of(id, version)));
    }

    /** Test cases read one at a time. */
    interface UploadedTests {

        /** @return the next test, or null after the last */
        JudgeRequest.TestCase next();
    }

    private void insertVersion(long id, int version, ProblemVersion problem) {
        TestData.Digest digest = new TestData.Digest();
        problem.testCases().forEach(digest::add);
        insertVersionRow(id, version, problem, digest.of(id, version));
        List<JudgeRequest.TestCase> testCases = problem.testCases();
        for (int ordinal = 0; ordinal < testCases.size(); ordinal++) {
            insertTest(id, version, ordinal, testCases.get(ordinal));
        }
    }

    private void insertTest(long id, int version, int ordinal, JudgeRequest.TestCase test) {
        jdbc.sql("""
                insert into test_case (problem_id, version, ordinal, input, expected_output, group_name)
                values (?, ?, ?, ?, ?, ?)""")
                .params(id, version, ordinal, utf8(test.input()), utf8(test.expectedOutput()), test.group())
                .update();
    }

    /** @param testData null while the tests are still to come */
    private void insertVersionRow(long id, int version, ProblemVersion problem, TestData testData) {
        Map<String, StoredTimeLimits> timeLimits = new TreeMap<>();
        problem.timeLimits()
                .forEach((language, limits) -> timeLimits.put(
                        language,
                        new StoredTimeLimits(limits.factor(), limits.offset().toMillis())));
        jdbc.sql("""
                insert into problem_version (problem_id, version, time_limit_ms, memory_limit_mb, stop_on_first_failure,
                    checker, interactor, validator, groups, time_limits, test_data_sha256, test_data_bytes, test_count, status,
                    solutions, test_generation, setter_limits)
                values (:id, :version, :timeLimitMs, :memoryLimitMb, :stopOnFirstFailure,
                    :checker::json, :interactor::json, :validator::json, :groups::json, :timeLimits::json, :sha256, :bytes, :count,
                    :status, :solutions::json, :generation::json, :setterLimits::json)""")
                .param("id", id)
                .param("version", version)
                .param("timeLimitMs", problem.timeLimitMs())
                .param("memoryLimitMb", problem.memoryLimitMb())
                .param("stopOnFirstFailure", problem.stopOnFirstFailure())
                .param("checker", problem.checker() == null ? null : json.writeValueAsString(problem.checker()))
                .param(
                        "interactor",
                        problem.interactor() == null ? null : json.writeValueAsString(problem.interactor()))
                .param("validator", problem.validator() == null ? null : json.writeValueAsString(problem.validator()))
                .param("solutions", problem.solutions().isEmpty() ? null : json.writeValueAsString(problem.solutions()))
                .param(
                        "generation",
                        problem.generation() == null ? null : json.writeValueAsString(problem.generation()))
                .param(
                        "setterLimits",
                        problem.setterLimits().isWorkers() ? null : json.writeValueAsString(problem.setterLimits()))
                .param(
                        "status",
                        (problem.needsPreparation()
                                        ? PreparationResult.Status.PREPARING
                                        : PreparationResult.Status.READY)
                                .name())
                .param("groups", json.writeValueAsString(problem.groups()))
                .param("timeLimits", json.writeValueAsString(timeLimits))
                .param("sha256", testData == null ? null : testData.sha256())
                .param("bytes", testData == null ? null : testData.bytes())
                .param("count", testData == null ? null : testData.count())
                .update();
    }

    /** The problem's current version, with its tests if they are at most {@code loadTestsUpTo} bytes. */
    @Transactional
    Optional<ProblemVersion> findCurrent(long id, long loadTestsUpTo) {
        return jdbc.sql("select version from problem where id = ?")
                .param(id)
                .query(Integer.class)
                .optional()
                .flatMap(version -> find(id, version, loadTestsUpTo));
    }

    /**
     * A version, with its tests only if they are at most {@code loadTestsUpTo} bytes: larger ones are
     * left to {@link #streamTests}, and {@link ProblemVersion#testCases()} is null.
     */
    @Transactional
    Optional<ProblemVersion> find(long id, int version, long loadTestsUpTo) {
        return jdbc.sql("""
                select p.title, v.time_limit_ms, v.memory_limit_mb, v.stop_on_first_failure, v.checker, v.interactor,
                    v.validator, v.groups, v.time_limits, v.test_data_sha256, v.test_data_bytes, v.test_count,
                    v.status, v.preparation_file, v.preparation_message, v.solutions, v.solution_verdicts,
                    case when v.tests_generated_at is null then v.test_generation end as test_generation, v.setter_limits
                from problem p join problem_version v on v.problem_id = p.id
                where p.id = ? and v.version = ?""")
                .params(id, version)
                .query((rs, row) -> toVersion(rs, id, version))
                .optional()
                .map(problem -> {
                    TestData testData = problem.testData() != null ? problem.testData() : hashTests(id, version);
                    List<JudgeRequest.TestCase> testCases =
                            testData.bytes() <= loadTestsUpTo ? loadTests(id, version) : null;
                    return problem.with(testData, testCases);
                });
    }

    /** Whose the problem is; empty when there is no such problem. */
    Optional<ProblemOwner> owner(long id) {
        return jdbc.sql("select owner_key_id, anonymous_owner, submitters from problem where id = ?")
                .param(id)
                .query((rs, row) -> new ProblemOwner(
                        rs.getObject("owner_key_id", UUID.class),
                        rs.getBoolean("anonymous_owner"),
                        Submitters.valueOf(rs.getString("submitters"))))
                .optional();
    }

    boolean hasVersion(long id, int version) {
        return jdbc.sql("select exists (select 1 from problem_version where problem_id = ? and version = ?)")
                .params(id, version)
                .query(Boolean.class)
                .single();
    }

    /** Hands a version's tests to {@code each} in order, reading a few at a time, never all at once. */
    @Transactional(readOnly = true)
    void streamTests(long id, int version, Consumer<JudgeRequest.TestCase> each) {
        jdbc.sql(TESTS_OF_VERSION)
                .params(id, version)
                .withFetchSize(TESTS_PER_FETCH)
                .query((RowCallbackHandler) rs -> each.accept(toTestCase(rs)));
    }

    private List<JudgeRequest.TestCase> loadTests(long id, int version) {
        return jdbc.sql(TESTS_OF_VERSION)
                .params(id, version)
                .query((rs, row) -> toTestCase(rs))
                .list();
    }

    /** Hashes a version stored without its hash (before they had one, or by an API of the release before). */
    private TestData hashTests(long id, int version) {
        TestData.Digest digest = new TestData.Digest();
        streamTests(id, version, digest::add);
        return storeTestData(digest.of(id, version));
    }

    private TestData storeTestData(TestData testData) {
        jdbc.sql("""
                update problem_version set test_data_sha256 = ?, test_data_bytes = ?, test_count = ?
                where problem_id = ? and version = ?""")
                .params(testData.sha256(), testData.bytes(), testData.count(), testData.problemId(), testData.version())
                .update();
        return testData;
    }

    private static JudgeRequest.TestCase toTestCase(ResultSet rs) throws SQLException {
        return new JudgeRequest.TestCase(
                text(rs.getBytes("input")), text(rs.getBytes("expected_output")), rs.getString("group_name"));
    }

    /** The version without its tests, and without its {@link TestData} if it was stored without one. */
    private ProblemVersion toVersion(ResultSet rs, long id, int version) throws SQLException {
        String checker = rs.getString("checker");
        String interactor = rs.getString("interactor");
        String validator = rs.getString("validator");
        Map<String, Language.TimeLimits> timeLimits = new TreeMap<>();
        json.readValue(rs.getString("time_limits"), TIME_LIMITS)
                .forEach((language, limits) -> timeLimits.put(
                        language, new Language.TimeLimits(limits.factor(), Duration.ofMillis(limits.offsetMs()))));
        return new ProblemVersion(
                id,
                version,
                rs.getString("title"),
                rs.getInt("time_limit_ms"),
                rs.getInt("memory_limit_mb"),
                rs.getBoolean("stop_on_first_failure"),
                checker == null ? null : json.readValue(checker, Checker.class),
                interactor == null ? null : json.readValue(interactor, ProblemProgram.class),
                json.readValue(rs.getString("groups"), GROUPS),
                timeLimits,
                null,
                rs.getString("test_data_sha256") == null
                        ? null
                        : new TestData(
                                id,
                                version,
                                rs.getString("test_data_sha256"),
                                rs.getLong("test_data_bytes"),
                                rs.getInt("test_count")),
                validator == null ? null : json.readValue(validator, ProblemProgram.class),
                preparation(rs),
                rs.getString("solutions") == null ? List.of() : json.readValue(rs.getString("solutions"), SOLUTIONS),
                rs.getString("test_generation") == null
                        ? null
                        : json.readValue(rs.getString("test_generation"), TestGeneration.class),
                rs.getString("setter_limits") == null
                        ? null
                        : json.readValue(rs.getString("setter_limits"), SetterLimits.class));
    }

    private ProblemVersion.Preparation preparation(ResultSet rs) throws SQLException {
        String verdicts = rs.getString("solution_verdicts");
        return new ProblemVersion.Preparation(
                PreparationResult.Status.valueOf(rs.getString("status")),
                rs.getString("preparation_file"),
                rs.getString("preparation_message"),
                verdicts == null ? List.of() : json.readValue(verdicts, SOLUTION_VERDICTS));
    }

    /** Where a version's preparation is; empty when there is no such version. */
    Optional<PreparationResult.Status> preparationStatus(long id, int version) {
        return jdbc.sql("select status from problem_version where problem_id = ? and version = ?")
                .params(id, version)
                .query((rs, row) -> PreparationResult.Status.valueOf(rs.getString("status")))
                .optional();
    }

    /** Where the preparation of the problem's current version is; empty when there is no such problem. */
    Optional<ProblemVersion.Preparation> currentPreparation(long id) {
        return jdbc.sql("""
                select v.status, v.preparation_file, v.preparation_message, v.solution_verdicts
                from problem p join problem_version v on v.problem_id = p.id and v.version = p.version
                where p.id = ?""").param(id).query((rs, row) -> preparation(rs)).optional();
    }

    /**
     * Claims the versions still preparing whose preparation was never sent, or sent longer ago than
     * {@code resendAfter} (lost with a broker, or on a worker that died): each is marked as sent now,
     * so that other API replicas leave it alone until then.
     */
    @Transactional
    List<ProblemVersion> preparationsToSend(Duration resendAfter, long loadTestsUpTo) {
        record Due(long problemId, int version) {}
        List<Due> due = new ArrayList<>();
        jdbc.sql("""
                update problem_version set preparation_requested_at = now()
                where (problem_id, version) in (
                    select problem_id, version from problem_version
                    where status = 'PREPARING'
                      and (preparation_requested_at is null or preparation_requested_at < now() - make_interval(secs => ?))
                    order by preparation_requested_at nulls first
                    limit 100
                    for update skip locked)
                returning problem_id, version""").param(resendAfter.toSeconds()).query((RowCallbackHandler)
                rs -> due.add(new Due(rs.getLong("problem_id"), rs.getInt("version"))));
        List<ProblemVersion> versions = new ArrayList<>();
        for (Due version : due) {
            try {
                versions.add(find(version.problemId(), version.version(), loadTestsUpTo)
                        .orElseThrow());
            } catch (JacksonException e) {
                // One version that cannot be read (stored before imports were bounded) must not hold up the rest.
                log.error(
                        "Problem {} version {} cannot be read to be prepared",
                        version.problemId(),
                        version.version(),
                        e);
            }
        }
        return versions;
    }

    // Test data is stored as bytes (UTF-8), so that NUL survives: PostgreSQL's text cannot hold it.
    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static String text(byte[] utf8) {
        return new String(utf8, StandardCharsets.UTF_8);
    }
}
