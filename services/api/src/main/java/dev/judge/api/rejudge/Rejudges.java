package dev.judge.api.rejudge;

import java.util.Optional;

import org.springframework.context.ApplicationEventPublisher;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import dev.judge.api.submission.SubmissionStored;
import dev.judge.contracts.SubmissionNotifications;

/**
 * Puts every submission of a problem back in the queue, on the rejudge lane, against the problem's
 * current version. Each one's judgement so far is copied to the {@code judgement} table as it is,
 * then the row becomes its next judgement, QUEUED and not yet published: the outbox relay publishes
 * it, and the result consumer records only results of that judgement. A callback is sent again
 * after the new verdict. One statement: all of them or none.
 */
@Repository
class Rejudges {

    private final JdbcClient jdbc;
    private final ApplicationEventPublisher events;

    Rejudges(JdbcClient jdbc, ApplicationEventPublisher events) {
        this.jdbc = jdbc;
        this.events = events;
    }

    /** @return the problem's current version and how many submissions were queued again; empty: no such problem */
    Optional<RejudgeStarted> rejudge(long problemId) {
        Optional<RejudgeStarted> started = jdbc.sql("""
                with problem_now as (
                    -- Only to a READY version (the controller said 409 for another; this closes the race).
                    select p.id, p.version from problem p
                    join problem_version v on v.problem_id = p.id and v.version = p.version and v.status = 'READY'
                    where p.id = :problemId),
                target as (
                    select s.id, s.judgement, s.problem_version, s.status, s.verdict, s.result, s.started_at, s.finished_at
                    from submission s join problem_now p on s.problem_id = p.id
                    for update of s),
                kept as (
                    insert into judgement (submission_id, judgement, problem_version, status, verdict, result, started_at, finished_at)
                    select id, judgement, problem_version, status, verdict, result, started_at, finished_at from target),
                requeued as (
                    update submission s set
                        judgement = target.judgement + 1, problem_version = (select version from problem_now),
                        lane = 'REJUDGE', status = 'QUEUED', verdict = null, result = null,
                        started_at = null, finished_at = null, enqueued_at = null, requeued_at = now(),
                        callback_status = case when s.callback_url is not null then 'PENDING' end,
                        callback_attempts = 0, callback_next_at = now(), callback_last_at = null, callback_last_result = null
                    from target where s.id = target.id
                    returning s.id)
                select (select version from problem_now) as version,
                       (select count(pg_notify(:channel, id::text)) from requeued) as submissions
                from problem_now""")
                .param("problemId", problemId)
                .param("channel", SubmissionNotifications.CHANNEL)
                .query((rs, row) -> new RejudgeStarted(problemId, rs.getInt("version"), rs.getInt("submissions")))
                .optional();
        // Wakes the outbox relay now rather than at its next sweep.
        started.filter(rejudge -> rejudge.submissions() > 0)
                .ifPresent(rejudge -> events.publishEvent(new SubmissionStored(null)));
        return started;
    }
}
