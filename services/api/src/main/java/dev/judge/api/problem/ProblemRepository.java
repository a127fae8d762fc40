package dev.judge.api.problem;

import java.nio.charset.StandardCharsets;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.annotation.Transactional;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

import dev.judge.contracts.Checker;
import dev.judge.contracts.JudgeRequest;
import dev.judge.contracts.ProblemProgram;
import dev.judge.contracts.language.Language;

/** Problems and their versions; a version's checker, interactor, groups and time factors are JSON columns. */
@Repository
class ProblemRepository {

    private static final TypeReference<List<JudgeRequest.Group>> GROUPS = new TypeReference<>() { };
    private static final TypeReference<Map<String, StoredTimeLimits>> TIME_LIMITS = new TypeReference<>() { };

    /** A language's time factor as stored: the offset in milliseconds. */
    private record StoredTimeLimits(double factor, long offsetMs) {
    }

    private final JdbcClient jdbc;
    private final JsonMapper json;

    ProblemRepository(JdbcClient jdbc, JsonMapper json) {
        this.jdbc = jdbc;
        this.json = json;
    }

    /** Stores a new problem as its version 1; returns its id. */
    @Transactional
    long create(ProblemVersion problem) {
        long id = jdbc.sql("""
                insert into problem (title, time_limit_ms, memory_limit_mb, comparison, stop_on_first_failure, version)
                values (:title, :timeLimitMs, :memoryLimitMb, :comparison, :stopOnFirstFailure, 1)
                returning id""")
                .param("title", problem.title())
                .param("timeLimitMs", problem.timeLimitMs())
                .param("memoryLimitMb", problem.memoryLimitMb())
                .param("comparison", problem.checker().asComparison().name())
                .param("stopOnFirstFailure", problem.stopOnFirstFailure())
                .query(Long.class)
                .single();
        insertVersion(id, 1, problem);
        return id;
    }

    /** Stores the next version of a problem and makes it current; empty when there is no such problem. */
    @Transactional
    Optional<Integer> addVersion(long id, ProblemVersion problem) {
        // The row lock orders concurrent edits: each gets a version of its own.
        Optional<Integer> version = jdbc.sql("""
                update problem set version = version + 1, title = :title, time_limit_ms = :timeLimitMs,
                    memory_limit_mb = :memoryLimitMb, comparison = :comparison, stop_on_first_failure = :stopOnFirstFailure
                where id = :id
                returning version""")
                .param("id", id)
                .param("title", problem.title())
                .param("timeLimitMs", problem.timeLimitMs())
                .param("memoryLimitMb", problem.memoryLimitMb())
                .param("comparison", problem.checker().asComparison().name())
                .param("stopOnFirstFailure", problem.stopOnFirstFailure())
                .query(Integer.class)
                .optional();
        version.ifPresent(next -> insertVersion(id, next, problem));
        return version;
    }

    private void insertVersion(long id, int version, ProblemVersion problem) {
        Map<String, StoredTimeLimits> timeLimits = new TreeMap<>();
        problem.timeLimits().forEach((language, limits) ->
                timeLimits.put(language, new StoredTimeLimits(limits.factor(), limits.offset().toMillis())));
        jdbc.sql("""
                insert into problem_version (problem_id, version, time_limit_ms, memory_limit_mb, stop_on_first_failure,
                    checker, interactor, groups, time_limits)
                values (:id, :version, :timeLimitMs, :memoryLimitMb, :stopOnFirstFailure,
                    :checker::json, :interactor::json, :groups::json, :timeLimits::json)""")
                .param("id", id)
                .param("version", version)
                .param("timeLimitMs", problem.timeLimitMs())
                .param("memoryLimitMb", problem.memoryLimitMb())
                .param("stopOnFirstFailure", problem.stopOnFirstFailure())
                .param("checker", json.writeValueAsString(problem.checker()))
                .param("interactor", problem.interactor() == null ? null : json.writeValueAsString(problem.interactor()))
                .param("groups", json.writeValueAsString(problem.groups()))
                .param("timeLimits", json.writeValueAsString(timeLimits))
                .update();
        List<JudgeRequest.TestCase> testCases = problem.testCases();
        for (int ordinal = 0; ordinal < testCases.size(); ordinal++) {
            JudgeRequest.TestCase test = testCases.get(ordinal);
            jdbc.sql("""
                    insert into test_case (problem_id, version, ordinal, input, expected_output, group_name)
                    values (?, ?, ?, ?, ?, ?)""")
                    .params(id, version, ordinal, utf8(test.input()), utf8(test.expectedOutput()), test.group())
                    .update();
        }
    }

    /** The problem's current version. */
    @Transactional(readOnly = true)
    Optional<ProblemVersion> find(long id) {
        return jdbc.sql("select version from problem where id = ?").param(id).query(Integer.class).optional()
                .flatMap(version -> find(id, version));
    }

    @Transactional(readOnly = true)
    Optional<ProblemVersion> find(long id, int version) {
        List<JudgeRequest.TestCase> testCases = jdbc.sql("""
                select input, expected_output, group_name from test_case
                where problem_id = ? and version = ? order by ordinal""")
                .params(id, version)
                .query((rs, row) -> new JudgeRequest.TestCase(text(rs.getBytes("input")), text(rs.getBytes("expected_output")),
                        rs.getString("group_name")))
                .list();
        return jdbc.sql("""
                select p.title, v.time_limit_ms, v.memory_limit_mb, v.stop_on_first_failure, v.checker, v.interactor,
                    v.groups, v.time_limits
                from problem p join problem_version v on v.problem_id = p.id
                where p.id = ? and v.version = ?""")
                .params(id, version)
                .query((rs, row) -> toVersion(rs, id, version, testCases))
                .optional();
    }

    private ProblemVersion toVersion(ResultSet rs, long id, int version, List<JudgeRequest.TestCase> testCases)
            throws SQLException {
        String interactor = rs.getString("interactor");
        Map<String, Language.TimeLimits> timeLimits = new TreeMap<>();
        json.readValue(rs.getString("time_limits"), TIME_LIMITS).forEach((language, limits) ->
                timeLimits.put(language, new Language.TimeLimits(limits.factor(), Duration.ofMillis(limits.offsetMs()))));
        return new ProblemVersion(id, version, rs.getString("title"), rs.getInt("time_limit_ms"),
                rs.getInt("memory_limit_mb"), rs.getBoolean("stop_on_first_failure"),
                json.readValue(rs.getString("checker"), Checker.class),
                interactor == null ? null : json.readValue(interactor, ProblemProgram.class),
                json.readValue(rs.getString("groups"), GROUPS),
                timeLimits,
                testCases);
    }

    // Test data is stored as bytes (UTF-8), so that NUL survives: PostgreSQL's text cannot hold it.
    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static String text(byte[] utf8) {
        return new String(utf8, StandardCharsets.UTF_8);
    }
}
