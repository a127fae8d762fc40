package dev.judge.api.submission;

import java.nio.charset.StandardCharsets;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.SqlArrayValue;
import org.springframework.stereotype.Repository;
import tools.jackson.databind.json.JsonMapper;

import dev.judge.contracts.JudgeRequest;
import dev.judge.contracts.Lane;
import dev.judge.contracts.SubmissionStatus;
import dev.judge.contracts.Verdict;
import dev.judge.contracts.stored.StoredResult;

@Repository
public class SubmissionRepository {

    private static final String VIEW_COLUMNS = """
            id, problem_id, problem_version, language, status, verdict, result, created_at, started_at, finished_at, api_key_id,
            lane, judgement, """ + WebhookView.COLUMNS;

    private final JdbcClient jdbc;
    private final JsonMapper json;

    public SubmissionRepository(JdbcClient jdbc, JsonMapper json) {
        this.jdbc = jdbc;
        this.json = json;
    }

    /**
     * Stores a new QUEUED submission and returns it; the outbox relay publishes it once this commits.
     *
     * @param apiKeyId its owner, whose quota it holds until its verdict; null for an anonymous one
     */
    SubmissionView insert(UUID id, SubmissionRequest request, Lane lane, UUID apiKeyId) {
        return jdbc.sql("""
                insert into submission (id, problem_id, problem_version, language, source_code, stdin, api_key_id, holds_quota,
                                        callback_url, callback_status, callback_next_at, lane, program, stdins, outputs)
                values (:id, :problemId,
                        -- Only a READY version: otherwise null, which the row's check refuses.
                        (select p.version from problem p join problem_version v on v.problem_id = p.id and v.version = p.version
                         where p.id = :problemId and v.status = 'READY'),
                        :language, :sourceCode, :stdin,
                        :apiKeyId, cast(:apiKeyId as uuid) is not null,
                        :callbackUrl, case when cast(:callbackUrl as text) is not null then 'PENDING' end, now(), :lane,
                        cast(:program as jsonb), :stdins, :outputs)
                returning created_at, problem_version, """ + WebhookView.COLUMNS)
                .param("id", id)
                .param("lane", lane.name())
                .param("callbackUrl", request.callbackUrl())
                .param("apiKeyId", apiKeyId)
                .param("problemId", request.problemId())
                .param("language", request.storedLanguage())
                .param("sourceCode", request.storedSource())
                .param("stdin", utf8(request.stdin()))
                .param("program", programJson(request))
                .param("stdins", utf8Array(request.stdins()))
                .param("outputs", utf8Array(request.outputsByIndex()))
                .query((rs, row) -> queued(id, request, lane, apiKeyId, rs))
                .single();
    }

    /** A submission to store without a callback: its id, what was asked, its lane and its key (null: none). */
    record NewSubmission(UUID id, SubmissionRequest request, Lane lane, UUID apiKeyId) {}

    /**
     * Stores these QUEUED submissions, none with a callback, with one statement (which commits itself)
     * and returns them by id; all or none, as {@link #insert} each: a problem whose version is not ready
     * breaks the row's check, and the statement with it.
     */
    Map<UUID, SubmissionView> insertAll(List<NewSubmission> rows) {
        Map<UUID, NewSubmission> byId = new HashMap<>();
        rows.forEach(row -> byId.put(row.id(), row));
        Map<UUID, SubmissionView> stored = new HashMap<>();
        jdbc.sql("""
                insert into submission (id, problem_id, problem_version, language, source_code, stdin, api_key_id, holds_quota,
                                        callback_next_at, lane, program)
                select r.id, r.problem_id,
                       -- Only a READY version: otherwise null, which the row's check refuses.
                       (select p.version from problem p join problem_version v on v.problem_id = p.id and v.version = p.version
                        where p.id = r.problem_id and v.status = 'READY'),
                       r.language, r.source_code, r.stdin, r.api_key_id, r.api_key_id is not null, now(), r.lane,
                       cast(r.program as jsonb)
                from unnest(:ids, :problemIds, :languages, :sourceCodes, :stdins, :apiKeyIds, :lanes, :programs)
                     as r(id, problem_id, language, source_code, stdin, api_key_id, lane, program)
                returning id, created_at, problem_version""")
                .param("ids", column("uuid", rows, NewSubmission::id))
                .param("problemIds", column("int8", rows, row -> row.request().problemId()))
                .param("languages", column("text", rows, row -> row.request().language()))
                .param("sourceCodes", column("text", rows, row -> row.request().sourceCode()))
                .param(
                        "stdins",
                        utf8Array(
                                rows.stream().map(row -> row.request().stdin()).toList()))
                .param("apiKeyIds", column("uuid", rows, NewSubmission::apiKeyId))
                .param("lanes", column("text", rows, row -> row.lane().name()))
                .param("programs", column("text", rows, row -> programJson(row.request())))
                .query((rs, row) -> {
                    NewSubmission asked = byId.get(rs.getObject("id", UUID.class));
                    return queued(asked.id(), asked.request(), asked.lane(), asked.apiKeyId(), rs);
                })
                .list()
                .forEach(view -> stored.put(view.id(), view));
        return stored;
    }

    /** One column of the rows, as an array parameter of this SQL type. */
    private static SqlArrayValue column(String type, List<NewSubmission> rows, Function<NewSubmission, Object> value) {
        return new SqlArrayValue(type, rows.stream().map(value).toArray());
    }

    /**
     * Texts as an array of their UTF-8 bytes, NUL and nulls kept: a column of stdins, a run's several
     * inputs, an output-only submission's outputs by index; null for none.
     */
    private static SqlArrayValue utf8Array(List<String> texts) {
        // As byte[][]: the driver takes no byte[] inside an Object[].
        return texts == null
                ? null
                : new SqlArrayValue("bytea", (Object[])
                        texts.stream().map(SubmissionRepository::utf8).toArray(byte[][]::new));
    }

    /** Its files and compile options as JSON; null for the source alone. */
    private String programJson(SubmissionRequest request) {
        JudgeRequest.Program program = request.program();
        return program == null ? null : json.writeValueAsString(program);
    }

    private static byte[] utf8(String text) {
        return text == null ? null : text.getBytes(StandardCharsets.UTF_8);
    }

    /** A submission just stored, from the row's {@code created_at}, {@code problem_version} and callback columns (if read). */
    private static SubmissionView queued(UUID id, SubmissionRequest request, Lane lane, UUID apiKeyId, ResultSet rs)
            throws SQLException {
        return new SubmissionView(
                id,
                request.problemId(),
                rs.getObject("problem_version", Integer.class),
                request.storedLanguage(),
                SubmissionStatus.QUEUED,
                null,
                null,
                null,
                null,
                null,
                null,
                List.of(),
                List.of(),
                instant(rs, "created_at"),
                null,
                null,
                request.callbackUrl() == null ? null : WebhookView.of(rs),
                lane,
                1,
                apiKeyId);
    }

    public Optional<SubmissionView> find(UUID id) {
        return jdbc.sql("select " + VIEW_COLUMNS + " from submission where id = :id")
                .param("id", id)
                .query(this::toView)
                .optional();
    }

    /** Each of these submissions that exists, in queries of at most 1,000 ids. */
    public Map<UUID, SubmissionView> findAll(List<UUID> ids) {
        Map<UUID, SubmissionView> found = new HashMap<>();
        for (int from = 0; from < ids.size(); from += 1000) {
            jdbc.sql("select " + VIEW_COLUMNS + " from submission where id in (:ids)")
                    .param("ids", ids.subList(from, Math.min(ids.size(), from + 1000)))
                    .query(this::toView)
                    .list()
                    .forEach(view -> found.put(view.id(), view));
        }
        return found;
    }

    /** The current status of each of these submissions, in queries of at most 1,000 ids. */
    public Map<UUID, SubmissionStatus> statuses(List<UUID> ids) {
        Map<UUID, SubmissionStatus> statuses = new HashMap<>();
        for (int from = 0; from < ids.size(); from += 1000) {
            jdbc.sql("select id, status from submission where id in (:ids)")
                    .param("ids", ids.subList(from, Math.min(ids.size(), from + 1000)))
                    .query((rs, row) -> statuses.put(
                            rs.getObject("id", UUID.class), SubmissionStatus.valueOf(rs.getString("status"))))
                    .list();
        }
        return statuses;
    }

    /** The judgements rejudges replaced, oldest first. */
    public List<JudgementView> replacedJudgements(UUID id) {
        return jdbc.sql("""
                select judgement, problem_version, status, verdict, result, started_at, finished_at, replaced_at
                from judgement where submission_id = :id order by judgement""")
                .param("id", id)
                .query((rs, row) -> {
                    String resultJson = rs.getString("result");
                    StoredResult result = resultJson == null ? null : json.readValue(resultJson, StoredResult.class);
                    String verdict = rs.getString("verdict");
                    return new JudgementView(
                            rs.getInt("judgement"),
                            rs.getObject("problem_version", Integer.class),
                            SubmissionStatus.valueOf(rs.getString("status")),
                            verdict == null ? null : Verdict.valueOf(verdict),
                            result == null ? null : result.score(),
                            result == null ? null : result.maxScore(),
                            instant(rs, "started_at"),
                            instant(rs, "finished_at"),
                            instant(rs, "replaced_at"));
                })
                .list();
    }

    private SubmissionView toView(ResultSet rs, int row) throws SQLException {
        String resultJson = rs.getString("result");
        StoredResult result = resultJson == null ? null : json.readValue(resultJson, StoredResult.class);
        List<TestCaseView> testCases = result == null
                ? List.of()
                : result.testCases().stream().map(TestCaseView::of).toList();
        String verdict = rs.getString("verdict");
        return new SubmissionView(
                rs.getObject("id", UUID.class),
                rs.getObject("problem_id", Long.class),
                rs.getObject("problem_version", Integer.class),
                rs.getString("language"),
                SubmissionStatus.valueOf(rs.getString("status")),
                verdict == null ? null : Verdict.valueOf(verdict),
                result == null ? null : result.score(),
                result == null ? null : result.maxScore(),
                testCases.stream()
                        .map(SubmissionRepository::timeMs)
                        .filter(Objects::nonNull)
                        .max(Comparator.naturalOrder())
                        .orElse(null),
                testCases.stream()
                        .map(TestCaseView::memoryKb)
                        .filter(Objects::nonNull)
                        .max(Comparator.naturalOrder())
                        .orElse(null),
                result == null ? null : result.compilerOutput(),
                result == null
                        ? List.of()
                        : result.groups().stream().map(GroupView::of).toList(),
                testCases,
                instant(rs, "created_at"),
                instant(rs, "started_at"),
                instant(rs, "finished_at"),
                WebhookView.of(rs),
                Lane.valueOf(rs.getString("lane")),
                rs.getInt("judgement"),
                rs.getObject("api_key_id", UUID.class));
    }

    private static Long timeMs(TestCaseView testCase) {
        return testCase.cpuTimeMs() != null ? testCase.cpuTimeMs() : Long.valueOf(testCase.wallTimeMs());
    }

    private static Instant instant(ResultSet rs, String column) throws SQLException {
        OffsetDateTime value = rs.getObject(column, OffsetDateTime.class);
        return value == null ? null : value.toInstant();
    }
}
