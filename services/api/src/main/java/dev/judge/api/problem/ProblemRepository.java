package dev.judge.api.problem;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.annotation.Transactional;

import dev.judge.contracts.OutputComparison;

@Repository
class ProblemRepository {

    private final JdbcClient jdbc;

    ProblemRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    @Transactional
    long insert(ProblemRequest request) {
        long id = jdbc.sql("""
                insert into problem (title, time_limit_ms, memory_limit_mb, comparison, stop_on_first_failure)
                values (:title, :timeLimitMs, :memoryLimitMb, :comparison, :stopOnFirstFailure)
                returning id""")
                .param("title", request.title())
                .param("timeLimitMs", request.timeLimitMs())
                .param("memoryLimitMb", request.memoryLimitMb())
                .param("comparison", (request.comparison() == null ? OutputComparison.EXACT : request.comparison()).name())
                .param("stopOnFirstFailure", request.stopOnFirstFailure() == null || request.stopOnFirstFailure())
                .query(Long.class)
                .single();
        List<ProblemRequest.TestCaseRequest> testCases = request.testCases();
        for (int ordinal = 0; ordinal < testCases.size(); ordinal++) {
            jdbc.sql("insert into test_case (problem_id, ordinal, input, expected_output) values (?, ?, ?, ?)")
                    .params(id, ordinal, utf8(testCases.get(ordinal).input()), utf8(testCases.get(ordinal).expectedOutput()))
                    .update();
        }
        return id;
    }

    @Transactional(readOnly = true)
    Optional<ProblemView> find(long id) {
        List<ProblemView.TestCaseView> testCases = jdbc.sql(
                "select input, expected_output from test_case where problem_id = ? order by ordinal")
                .param(id)
                .query((rs, row) -> new ProblemView.TestCaseView(text(rs.getBytes("input")), text(rs.getBytes("expected_output"))))
                .list();
        return jdbc.sql("""
                select id, title, time_limit_ms, memory_limit_mb, comparison, stop_on_first_failure
                from problem where id = ?""")
                .param(id)
                .query((rs, row) -> new ProblemView(
                        rs.getLong("id"),
                        rs.getString("title"),
                        rs.getInt("time_limit_ms"),
                        rs.getInt("memory_limit_mb"),
                        OutputComparison.valueOf(rs.getString("comparison")),
                        rs.getBoolean("stop_on_first_failure"),
                        testCases))
                .optional();
    }

    // Test data is stored as bytes (UTF-8), so that NUL survives: PostgreSQL's text cannot hold it.
    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static String text(byte[] utf8) {
        return new String(utf8, StandardCharsets.UTF_8);
    }
}
