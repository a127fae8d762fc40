package dev.judge.api.access;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import dev.judge.contracts.Lane;

@Repository
class ApiKeyRepository {

    private static final String COLUMNS =
            "id, name, per_minute, max_waiting, lane, lanes, scopes, created_at, revoked_at";

    private final JdbcClient jdbc;

    ApiKeyRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    ApiKey insert(
            String name,
            byte[] secretSha256,
            String webhookSecret,
            int perMinute,
            int maxWaiting,
            Lane lane,
            List<Lane> lanes,
            List<Scope> scopes) {
        return jdbc.sql(
                        "insert into api_key (id, name, secret_sha256, webhook_secret, per_minute, max_waiting, lane, lanes, scopes) "
                                + "values (:id, :name, :secret, :webhookSecret, :perMinute, :maxWaiting, :lane, "
                                + "string_to_array(:lanes, ','), string_to_array(:scopes, ',')) returning " + COLUMNS)
                .param("id", UUID.randomUUID())
                .param("name", name)
                .param("secret", secretSha256)
                .param("webhookSecret", webhookSecret)
                .param("perMinute", perMinute)
                .param("maxWaiting", maxWaiting)
                .param("lane", lane.name())
                .param("lanes", String.join(",", lanes.stream().map(Lane::name).toList()))
                .param(
                        "scopes",
                        String.join(",", scopes.stream().map(Scope::name).toList()))
                .query(ApiKeyRepository::toKey)
                .single();
    }

    /**
     * Makes the key with this fixed id, or gives it this secret, these quotas and scopes and takes back
     * its revocation: a key the configuration owns ({@link LoadTestKey}), kept the same on every start.
     */
    void put(UUID id, String name, byte[] secretSha256, String webhookSecret, Quota quota, List<Scope> scopes) {
        jdbc.sql("insert into api_key (id, name, secret_sha256, webhook_secret, per_minute, max_waiting, scopes) "
                        + "values (:id, :name, :secret, :webhookSecret, :perMinute, :maxWaiting, string_to_array(:scopes, ',')) "
                        + "on conflict (id) do update set name = excluded.name, secret_sha256 = excluded.secret_sha256, "
                        + "per_minute = excluded.per_minute, max_waiting = excluded.max_waiting, scopes = excluded.scopes, "
                        + "revoked_at = null")
                .param("id", id)
                .param("name", name)
                .param("secret", secretSha256)
                .param("webhookSecret", webhookSecret)
                .param("perMinute", quota.perMinute())
                .param("maxWaiting", quota.maxWaiting())
                .param(
                        "scopes",
                        String.join(",", scopes.stream().map(Scope::name).toList()))
                .update();
    }

    /** The key with this hash, unless revoked. */
    Optional<ApiKey> findActive(byte[] secretSha256) {
        return jdbc.sql("select " + COLUMNS + " from api_key where secret_sha256 = :secret and revoked_at is null")
                .param("secret", secretSha256)
                .query(ApiKeyRepository::toKey)
                .optional();
    }

    List<ApiKey> findAll() {
        return jdbc.sql("select " + COLUMNS + " from api_key order by created_at")
                .query(ApiKeyRepository::toKey)
                .list();
    }

    /**
     * Gives an active key a new webhook secret; the one it had keeps signing until {@code overlap} from now.
     *
     * @return whether there is such an active key
     */
    boolean rotateWebhookSecret(UUID id, String newSecret, Duration overlap) {
        return jdbc.sql("""
                update api_key set previous_webhook_secret = webhook_secret, webhook_secret = :secret,
                    previous_secret_until = now() + make_interval(secs => :overlapSeconds)
                where id = :id and revoked_at is null""")
                        .param("id", id)
                        .param("secret", newSecret)
                        .param("overlapSeconds", overlap.toSeconds())
                        .update()
                == 1;
    }

    /** @return whether a key with this id was active until now */
    boolean revoke(UUID id) {
        return jdbc.sql("update api_key set revoked_at = now() where id = :id and revoked_at is null")
                        .param("id", id)
                        .update()
                == 1;
    }

    boolean exists(UUID id) {
        return jdbc.sql("select count(*) from api_key where id = :id")
                        .param("id", id)
                        .query(Integer.class)
                        .single()
                == 1;
    }

    /**
     * Counts {@code count} more submissions against the key's quotas if both allow them, in one
     * guarded update: the row lock makes the check and the count one step for every API replica. They
     * count {@code runs} against the per-minute quota (a run on several inputs counts each), and
     * {@code count} against the waiting one (a submission waits for one verdict).
     * Call it outside any transaction: it is one of its own, which commits without waiting for the
     * disk (see {@link Quotas}), so that the lock is held for the statement alone, with no round trip
     * to the API before the commit.
     */
    Quota.Usage reserve(UUID id, int count, int runs) {
        return jdbc.sql("""
                with no_flush_wait as (select set_config('synchronous_commit', 'off', true)),
                reserved as (
                    update api_key set
                        window_start = case when window_start <= now() - interval '1 minute' then now() else window_start end,
                        window_count = case when window_start <= now() - interval '1 minute' then 0 else window_count end + :runs,
                        waiting = waiting + :count,
                        last_reserved_at = now()
                    where id = :id
                      and (case when window_start <= now() - interval '1 minute' then 0 else window_count end) + :runs <= per_minute
                      and waiting + :count <= max_waiting
                      and exists (select from no_flush_wait)
                    returning true as granted, per_minute, window_count, window_start, max_waiting, waiting)
                select * from reserved
                union all
                select false, per_minute,
                       case when window_start <= now() - interval '1 minute' then 0 else window_count end,
                       window_start, max_waiting, waiting
                from api_key where id = :id and not exists (select from reserved)""")
                .param("id", id)
                .param("count", count)
                .param("runs", runs)
                .query((rs, row) -> new Quota.Usage(
                        rs.getBoolean("granted"),
                        new Quota(rs.getInt("per_minute"), rs.getInt("max_waiting")),
                        rs.getInt("window_count"),
                        rs.getObject("window_start", OffsetDateTime.class).toInstant(),
                        rs.getInt("waiting")))
                .single();
    }

    /** The key's use of its quotas now, {@code granted} if one more submission would fit; nothing is counted. */
    Quota.Usage usage(UUID id) {
        return jdbc.sql("""
                select per_minute, max_waiting, waiting, window_start,
                       case when window_start <= now() - interval '1 minute' then 0 else window_count end as window_count
                from api_key where id = :id""")
                .param("id", id)
                .query((rs, row) -> {
                    Quota quota = new Quota(rs.getInt("per_minute"), rs.getInt("max_waiting"));
                    int windowCount = rs.getInt("window_count");
                    int waiting = rs.getInt("waiting");
                    return new Quota.Usage(
                            windowCount < quota.perMinute() && waiting < quota.maxWaiting(),
                            quota,
                            windowCount,
                            rs.getObject("window_start", OffsetDateTime.class).toInstant(),
                            waiting);
                })
                .single();
    }

    /** Takes back a reservation whose submissions were not stored. */
    void release(UUID id, int count, int runs) {
        jdbc.sql("""
                update api_key set waiting = greatest(0, waiting - :count),
                    window_count = case when window_start <= now() - interval '1 minute' then window_count
                                        else greatest(0, window_count - :runs) end
                where id = :id""").param("id", id).param("count", count).param("runs", runs).update();
    }

    /**
     * Sets the waiting count of each key idle for {@code idle} to the number of its submissions that
     * hold a place, where the two differ; returns how many keys it corrected. Only idle keys: a busy
     * one may have places reserved for submissions not yet committed, which no count can see.
     */
    int recountIdle(Duration idle) {
        return jdbc.sql("""
                update api_key set waiting = held.count
                from (select k.id, (select count(*) from submission s where s.api_key_id = k.id and s.holds_quota) as count
                      from api_key k
                      where k.last_reserved_at < now() - make_interval(secs => :idleSeconds)) held
                where api_key.id = held.id and api_key.waiting <> held.count
                  and api_key.last_reserved_at < now() - make_interval(secs => :idleSeconds)""").param("idleSeconds", idle.toSeconds()).update();
    }

    private static ApiKey toKey(ResultSet rs, int row) throws SQLException {
        return new ApiKey(
                rs.getObject("id", UUID.class),
                rs.getString("name"),
                rs.getInt("per_minute"),
                rs.getInt("max_waiting"),
                Lane.valueOf(rs.getString("lane")),
                Arrays.stream((String[]) rs.getArray("lanes").getArray())
                        .map(Lane::valueOf)
                        .toList(),
                Arrays.stream((String[]) rs.getArray("scopes").getArray())
                        .map(Scope::valueOf)
                        .toList(),
                instant(rs, "created_at"),
                instant(rs, "revoked_at"));
    }

    private static Instant instant(ResultSet rs, String column) throws SQLException {
        OffsetDateTime value = rs.getObject(column, OffsetDateTime.class);
        return value == null ? null : value.toInstant();
    }
}
