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
import java.util.function.Supplier;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.SqlArrayValue;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.annotation.Transactional;
import tools.jackson.core.JacksonException;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

import dev.judge.api.access.Caller;
import dev.judge.contracts.Checker;
import dev.judge.contracts.JudgeRequest;
import dev.judge.contracts.PreparationResult;
import dev.judge.contracts.ProblemProgram;
import dev.judge.contracts.SetterLimits;
import dev.judge.contracts.TestData;
import dev.judge.contracts.TestGeneration;
import dev.judge.contracts.TimeLimitInference;
import dev.judge.contracts.language.Language;

/** Problems and their versions; a version's checker, interactor, groups and time factors are JSON columns. */
@Repository
public class ProblemRepository {

    private static final TypeReference<List<JudgeRequest.Group>> GROUPS = new TypeReference<>() {};
    private static final TypeReference<Map<String, StoredTimeLimits>> TIME_LIMITS = new TypeReference<>() {};
    private static final TypeReference<List<ProblemVersion.TaggedSolution>> SOLUTIONS = new TypeReference<>() {};
    private static final TypeReference<Map<String, ProblemVersion.Grader>> GRADERS = new TypeReference<>() {};
    private static final TypeReference<List<ProblemProgram>> PROGRAMS = new TypeReference<>() {};
    private static final TypeReference<List<PreparationResult.SolutionVerdict>> SOLUTION_VERDICTS =
            new TypeReference<>() {};
    private static final String TESTS_OF_VERSION = """
            select input, expected_output, group_name from test_case
            where problem_id = ? and version = ? order by ordinal""";
    // One row at a time: a test may be tens of megabytes, and a stream should hold one.
    private static final int TESTS_PER_FETCH = 1;

    /** The advisory lock one replica's claim of preparations to send holds (any number, the same everywhere). */
    private static final long PREPARATION_SWEEP_LOCK = 0x6A75646765L; // "judge"

    /** The advisory lock under which a start makes the load test's problem (any number, the same everywhere). */
    private static final long LOAD_TEST_PROBLEM_LOCK = 0x6C6F6164L; // "load"

    /** The class of the advisory locks that order an owner's writes of tests (two-key form: this, the owner). */
    private static final int TEST_QUOTA_LOCK = 0x74657374; // "test"

    /** A language's time factor as stored: the offset in milliseconds. */
    private record StoredTimeLimits(double factor, long offsetMs) {}

    private final JdbcClient jdbc;
    private static final Logger log = LoggerFactory.getLogger(ProblemRepository.class);

    private final JsonMapper json;
    private final long maxStoredPerKey;

    ProblemRepository(JdbcClient jdbc, JsonMapper json, TestDataProperties testData) {
        this.jdbc = jdbc;
        this.json = json;
        this.maxStoredPerKey = testData.maxStoredPerKey().toBytes();
    }

    /**
     * Stores a new problem as its version 1 with the tests {@code tests} reads, one at a time, so that no
     * more than one is in memory (the problem's own {@code testCases} are not looked at); returns its id.
     * Nothing is stored when reading the tests throws.
     */
    @Transactional
    long create(ProblemVersion problem, ProblemOwner owner, UploadedTests tests) {
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
        insertVersionRow(id, 1, problem, null);
        insertTests(id, 1, tests, room(owner));
        return id;
    }

    /**
     * The id of the owner's oldest problem with this title, or of one {@code create} makes when there is
     * none; one caller at a time, so that replicas starting at once make one.
     */
    @Transactional
    long findOrCreate(ProblemOwner owner, String title, Supplier<Long> create) {
        jdbc.sql("select pg_advisory_xact_lock(?)")
                .param(LOAD_TEST_PROBLEM_LOCK)
                .query((rs, row) -> true)
                .list();
        return jdbc.sql("""
                        select id from problem
                        where owner_key_id is not distinct from ? and anonymous_owner = ? and title = ?
                        order by id limit 1""")
                .params(owner.keyId(), owner.anonymous(), title)
                .query(Long.class)
                .optional()
                .orElseGet(create);
    }

    /** A problem as a list shows it. */
    record Listed(long id, String title, int version, PreparationResult.Status status) {}

    /**
     * The problems a caller owns ({@link ProblemOwner#isOwnedBy}; all of them for the admin), by id from
     * after {@code after}, at most {@code limit}.
     */
    List<Listed> owned(Caller caller, long after, int limit) {
        String whose = switch (caller) {
            case Caller.Admin admin -> "true";
            case Caller.Anonymous anonymous -> "p.anonymous_owner";
            case Caller.KeyHolder holder -> "p.owner_key_id = :key";
        };
        var query = jdbc.sql("""
                select p.id, p.title, p.version, v.status
                from problem p join problem_version v on v.problem_id = p.id and v.version = p.version
                where %s and p.id > :after order by p.id limit :limit""".formatted(whose)).param("after", after).param("limit", limit);
        if (caller instanceof Caller.KeyHolder holder) {
            query = query.param("key", holder.keyId());
        }
        return query.query((rs, row) -> new Listed(
                        rs.getLong("id"),
                        rs.getString("title"),
                        rs.getInt("version"),
                        PreparationResult.Status.valueOf(rs.getString("status"))))
                .list();
    }

    /**
     * How many more bytes of tests the owner's problems may hold ({@code judge.test-data.max-stored-per-key});
     * the admin's are not counted.
     */
    private long room(ProblemOwner owner) {
        if (owner.keyId() == null && !owner.anonymous()) {
            return Long.MAX_VALUE;
        }
        // One writer of an owner's tests at a time, until its transaction ends: two of its writes (to two
        // problems, or on two replicas) had each read the room left before the other and stored past it.
        jdbc.sql("select pg_advisory_xact_lock(?, hashtext(?))")
                .params(
                        TEST_QUOTA_LOCK,
                        owner.anonymous() ? "anonymous" : owner.keyId().toString())
                .query((rs, row) -> true)
                .list();
        long stored = jdbc.sql("""
                select coalesce(sum(v.test_data_bytes), 0) from problem_version v join problem p on p.id = v.problem_id
                where p.owner_key_id is not distinct from ? and p.anonymous_owner = ?""")
                .params(owner.keyId(), owner.anonymous())
                .query(Long.class)
                .single();
        return maxStoredPerKey - stored;
    }

    /** The owner of a problem, as {@link #room} counts it; the problem's row is locked. */
    private ProblemOwner lockedOwner(long id) {
        return jdbc.sql("select owner_key_id, anonymous_owner from problem where id = ? for update")
                .param(id)
                .query((rs, row) -> new ProblemOwner(
                        rs.getObject("owner_key_id", UUID.class), rs.getBoolean("anonymous_owner"), null))
                .optional()
                .orElse(new ProblemOwner(null, false, null));
    }

    /**
     * Stores the next version of a problem and makes it current, and who may submit to it (null: as
     * before); empty when there is no such problem.
     */
    @Transactional
    Optional<Integer> addVersion(long id, ProblemVersion problem, ProblemVisibility submitters) {
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
        version.ifPresent(next -> {
            insertVersionRow(id, next, problem, null);
            insertTests(id, next, listed(problem.testCases()), room(lockedOwner(id)));
        });
        return version;
    }

    /**
     * Stores the next version of a problem: its current version with the tests {@code tests} reads,
     * one at a time, so that no more than one is in memory. Empty when there is no such problem;
     * nothing is stored when reading the tests throws.
     */
    @Transactional
    public Optional<Integer> addVersionWithTests(long id, Function<ProblemVersion, UploadedTests> tests) {
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
        insertTests(id, version, uploaded, room(lockedOwner(id)));
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
    public Optional<TestData> storeGeneratedTests(long id, int version, Iterator<TestGeneration.GeneratedTest> made) {
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
        // What was generated counts against the owner's quota as an upload would: the version's bytes
        // so far (its given tests) are in room() already. They had been stored past it, uncounted.
        long given = jdbc.sql(
                        "select coalesce(test_data_bytes, 0) from problem_version where problem_id = ? and version = ?")
                .params(id, version)
                .query(Long.class)
                .single();
        if (digest.bytes() - given > room(lockedOwner(id))) {
            throw new TestQuotaExceededException(maxStoredPerKey);
        }
        return Optional.of(storeTestData(digest.of(id, version)));
    }

    /** Tests read one at a time, as they are stored. */
    public interface UploadedTests {

        /** @return the next test, or null after the last */
        StoredTest next();
    }

    /** A test as it is stored: its input and answer in UTF-8, and its group (null for none). */
    public record StoredTest(byte[] input, byte[] answer, String group) {

        static StoredTest of(JudgeRequest.TestCase test) {
            return new StoredTest(utf8(test.input()), utf8(test.expectedOutput()), test.group());
        }
    }

    /** A list's tests, as an upload reads them. */
    static UploadedTests listed(List<JudgeRequest.TestCase> tests) {
        Iterator<JudgeRequest.TestCase> each = tests.iterator();
        return () -> each.hasNext() ? StoredTest.of(each.next()) : null;
    }

    /**
     * Stores a version's tests as they are read, and what they are ({@link TestData}).
     *
     * @throws TestQuotaExceededException past {@code room} bytes: the transaction stores nothing
     */
    private void insertTests(long id, int version, UploadedTests tests, long room) {
        TestData.Digest digest = new TestData.Digest();
        int ordinal = 0;
        for (StoredTest test = tests.next(); test != null; test = tests.next()) {
            digest.add(test.group() == null ? null : utf8(test.group()), test.input(), test.answer());
            if (digest.bytes() > room) {
                throw new TestQuotaExceededException(maxStoredPerKey);
            }
            jdbc.sql("""
                    insert into test_case (problem_id, version, ordinal, input, expected_output, group_name)
                    values (?, ?, ?, ?, ?, ?)""")
                    .params(id, version, ordinal++, test.input(), test.answer(), test.group())
                    .update();
        }
        storeTestData(digest.of(id, version));
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
                    solutions, test_generation, setter_limits, graders, feedback, samples, output_only, instances, passes,
                    time_limit_inference, further_validators, languages)
                values (:id, :version, :timeLimitMs, :memoryLimitMb, :stopOnFirstFailure,
                    :checker::json, :interactor::json, :validator::json, :groups::json, :timeLimits::json, :sha256, :bytes, :count,
                    :status, :solutions::json, :generation::json, :setterLimits::json, :graders::jsonb, :feedback,
                    :samples, :outputOnly, :instances, :passes, :timeLimitInference::json, :furtherValidators::json, :languages)""")
                .param(
                        "timeLimitInference",
                        problem.timeLimitInference() == null
                                ? null
                                : json.writeValueAsString(problem.timeLimitInference()))
                .param(
                        "furtherValidators",
                        problem.furtherValidators().isEmpty()
                                ? null
                                : json.writeValueAsString(problem.furtherValidators()))
                .param(
                        "languages",
                        problem.languages().isEmpty()
                                ? null
                                : new SqlArrayValue("text", problem.languages().toArray()))
                .param("outputOnly", problem.outputOnly())
                .param("instances", problem.runs().instances())
                .param("passes", problem.runs().passes())
                .param("feedback", problem.feedback().policy().name())
                .param(
                        "samples",
                        problem.feedback().samples().isEmpty()
                                ? null
                                : new SqlArrayValue(
                                        "int4", problem.feedback().samples().toArray()))
                .param("graders", problem.graders().isEmpty() ? null : json.writeValueAsString(problem.graders()))
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
    public Optional<ProblemVersion> findCurrent(long id, long loadTestsUpTo) {
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
    public Optional<ProblemVersion> find(long id, int version, long loadTestsUpTo) {
        return jdbc.sql("""
                select p.title, v.time_limit_ms, v.memory_limit_mb, v.stop_on_first_failure, v.checker, v.interactor,
                    v.validator, v.groups, v.time_limits, v.test_data_sha256, v.test_data_bytes, v.test_count,
                    v.status, v.preparation_file, v.preparation_message, v.solutions, v.solution_verdicts,
                    v.preparation_progress,
                    case when v.tests_generated_at is null then v.test_generation end as test_generation, v.setter_limits,
                    v.graders, v.feedback, v.samples, v.output_only, v.instances, v.passes,
                    case when v.status = 'PREPARING' then v.time_limit_inference end as time_limit_inference,
                    v.further_validators, v.languages
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
                        ProblemVisibility.valueOf(rs.getString("submitters"))))
                .optional();
    }

    public boolean hasVersion(long id, int version) {
        return jdbc.sql("select exists (select 1 from problem_version where problem_id = ? and version = ?)")
                .params(id, version)
                .query(Boolean.class)
                .single();
    }

    /** Hands a version's tests to {@code each} in order, reading a few at a time, never all at once. */
    @Transactional(readOnly = true)
    public void streamTests(long id, int version, Consumer<JudgeRequest.TestCase> each) {
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
                        : json.readValue(rs.getString("setter_limits"), SetterLimits.class),
                rs.getString("graders") == null ? null : json.readValue(rs.getString("graders"), GRADERS),
                feedback(rs),
                rs.getBoolean("output_only"),
                new JudgeRequest.Runs(rs.getInt("instances"), rs.getInt("passes")),
                // Once prepared its time limit is the one inferred: nothing is left to infer.
                rs.getString("time_limit_inference") == null
                        ? null
                        : json.readValue(rs.getString("time_limit_inference"), TimeLimitInference.class),
                rs.getString("further_validators") == null
                        ? null
                        : json.readValue(rs.getString("further_validators"), PROGRAMS),
                languages(rs));
    }

    /** The languages a version takes, empty for all of them. */
    private static List<String> languages(ResultSet rs) throws SQLException {
        java.sql.Array languages = rs.getArray("languages");
        return languages == null ? List.of() : List.of((String[]) languages.getArray());
    }

    /** A version's feedback policy and samples; empty when there is no such version. */
    Optional<ProblemVersion.Feedback> feedback(long id, int version) {
        return jdbc.sql("select feedback, samples from problem_version where problem_id = ? and version = ?")
                .params(id, version)
                .query((rs, row) -> feedback(rs))
                .optional();
    }

    private static ProblemVersion.Feedback feedback(ResultSet rs) throws SQLException {
        java.sql.Array samples = rs.getArray("samples");
        return new ProblemVersion.Feedback(
                FeedbackPolicy.valueOf(rs.getString("feedback")),
                samples == null ? List.of() : List.of((Integer[]) samples.getArray()));
    }

    /** What the problem's current version takes ({@link SubmissionRules}). */
    SubmissionRules submissionRules(long id) {
        return jdbc.sql("""
                        select v.graders, v.output_only, v.test_count, v.languages
                        from problem p join problem_version v on v.problem_id = p.id and v.version = p.version
                        where p.id = ?""")
                .param(id)
                .query((rs, row) -> {
                    Map<String, java.util.Set<String>> names = new TreeMap<>();
                    if (rs.getString("graders") != null) {
                        json.readValue(rs.getString("graders"), GRADERS)
                                .forEach((language, grader) -> names.put(language, grader.takenNames()));
                    }
                    return new SubmissionRules(
                            names,
                            rs.getBoolean("output_only"),
                            rs.getInt("test_count"),
                            java.util.Set.copyOf(languages(rs)));
                })
                .optional()
                .orElse(SubmissionRules.ANY_PROGRAM);
    }

    private ProblemVersion.Preparation preparation(ResultSet rs) throws SQLException {
        String verdicts = rs.getString("solution_verdicts");
        return new ProblemVersion.Preparation(
                PreparationResult.Status.valueOf(rs.getString("status")),
                rs.getString("preparation_file"),
                rs.getString("preparation_message"),
                verdicts == null ? List.of() : json.readValue(verdicts, SOLUTION_VERDICTS),
                rs.getString("preparation_progress"));
    }

    /**
     * Where a version's preparation is, for a worker about to prepare it.
     *
     * @param underWay a worker said how far it got within {@code recently}: another copy is not needed
     */
    public record PreparationState(PreparationResult.Status status, boolean underWay) {}

    /** Empty when there is no such version. */
    public Optional<PreparationState> preparationState(long id, int version, Duration recently) {
        return jdbc.sql("""
                select status, coalesce(preparation_progress_at > now() - make_interval(secs => ?), false) as under_way
                from problem_version where problem_id = ? and version = ?""")
                .params(recently.toSeconds(), id, version)
                .query((rs, row) -> new PreparationState(
                        PreparationResult.Status.valueOf(rs.getString("status")), rs.getBoolean("under_way")))
                .optional();
    }

    /** Where the preparation of the problem's current version is; empty when there is no such problem. */
    Optional<ProblemVersion.Preparation> currentPreparation(long id) {
        return jdbc.sql("""
                select v.status, v.preparation_file, v.preparation_message, v.solution_verdicts, v.preparation_progress
                from problem p join problem_version v on v.problem_id = p.id and v.version = p.version
                where p.id = ?""").param(id).query((rs, row) -> preparation(rs)).optional();
    }

    /**
     * Claims the versions to send to the workers now, each marked as sent: of each owner's versions still
     * preparing, those waiting longest, as long as no more than {@code perOwner} of that owner's are in
     * flight (sent, and sent or heard of within {@code resendAfter}): one tenant's packages are prepared a
     * few at a time, never all at once on every worker. A version sent and not heard of since is sent
     * again, up to {@code maxSends} times in all; then it fails, saying so. One API replica claims at a time.
     */
    @Transactional
    public List<ProblemVersion> preparationsToSend(
            Duration resendAfter, int maxSends, int perOwner, long loadTestsUpTo) {
        record Due(long problemId, int version) {}
        List<Due> due = new ArrayList<>();
        boolean mine = jdbc.sql("select pg_try_advisory_xact_lock(?)")
                .param(PREPARATION_SWEEP_LOCK)
                .query(Boolean.class)
                .single();
        if (!mine) {
            return List.of();
        }
        int lost = jdbc.sql("""
                update problem_version set status = 'FAILED', prepared_at = now(), preparation_file = null,
                    preparation_message = 'The judge sent this version to be prepared ' || preparation_sends
                        || ' times and heard nothing back each time; it gave up.'
                where status = 'PREPARING' and preparation_sends >= :maxSends
                  and greatest(preparation_requested_at, preparation_progress_at) < now() - make_interval(secs => :resendAfter)""")
                .param("maxSends", maxSends)
                .param("resendAfter", resendAfter.toSeconds())
                .update();
        if (lost > 0) {
            log.warn("{} problem version(s) failed: their preparation was lost {} times", lost, maxSends);
        }
        jdbc.sql("""
                with preparing as (
                    select v.problem_id, v.version, v.preparation_requested_at,
                        coalesce(p.owner_key_id::text, case when p.anonymous_owner then 'anonymous' else 'admin' end) as owner,
                        v.preparation_requested_at is not null
                            and greatest(v.preparation_requested_at, v.preparation_progress_at)
                                >= now() - make_interval(secs => :resendAfter) as in_flight
                    from problem_version v join problem p on p.id = v.problem_id
                    where v.status = 'PREPARING'),
                waiting as (
                    select problem_id, version, owner,
                        row_number() over (partition by owner order by preparation_requested_at nulls first, problem_id, version)
                            as place
                    from preparing where not in_flight),
                due as (
                    select problem_id, version from waiting
                    where place <= :perOwner - (select count(*) from preparing p where p.owner = waiting.owner and p.in_flight))
                update problem_version v set preparation_requested_at = now(), preparation_sends = v.preparation_sends + 1
                from due where v.problem_id = due.problem_id and v.version = due.version
                returning v.problem_id, v.version""")
                .param("resendAfter", resendAfter.toSeconds())
                .param("perOwner", perOwner)
                .query((RowCallbackHandler) rs -> due.add(new Due(rs.getLong("problem_id"), rs.getInt("version"))));
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
