package dev.judge.api.submission.read;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How the API answers reads of submissions (polls and event streams) while thousands of clients wait.
 *
 * @param cacheSize finished submissions (~2 KB each) and unknown ids kept in memory; those still
 *        being judged are kept besides, however many
 * @param unfinishedTtl how long a submission still being judged is answered from memory without a
 *        change notice: notices are lost only with the listener's connection, which drops them all
 *        (longer than a burst's backlog takes to drain, or every waiting client reads it again)
 * @param finishedTtl how long a verdict stays in memory once it came in (clients read it once or twice)
 * @param unknownIdTtl how long an id found in no row is answered from memory: ids are random, so
 *        one polled before it exists is one nobody was given yet
 * @param maxDatabaseReads reads from the database at once for submissions not in memory, fewer than
 *        the connection pool has, so that accepting always finds a connection
 * @param databaseReadWait how long a read waits for one of those before it is answered 503: on a
 *        saturated machine a read of one row can take over 500 ms
 * @param pollTolerance the share of its {@code Retry-After} a client may cut short before a poll is
 *        answered 429: clocks, schedulers and networks are not exact
 */
@ConfigurationProperties("judge.submissions.reads")
record ReadProperties(
        @DefaultValue("20000") int cacheSize,
        @DefaultValue("10m") Duration unfinishedTtl,
        @DefaultValue("10m") Duration finishedTtl,
        @DefaultValue("2s") Duration unknownIdTtl,
        @DefaultValue("8") int maxDatabaseReads,
        @DefaultValue("2s") Duration databaseReadWait,
        @DefaultValue("0.5") double pollTolerance) {}
