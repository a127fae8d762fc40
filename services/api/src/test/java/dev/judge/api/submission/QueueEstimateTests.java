package dev.judge.api.submission;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;

import org.junit.jupiter.api.Test;

import dev.judge.api.submission.QueueEstimate.Backlog;

class QueueEstimateTests {

    private static final Duration MIN = Duration.ofSeconds(1);
    private static final Duration MAX = Duration.ofSeconds(30);
    private static final Instant OLDEST = Instant.parse("2026-11-21T10:00:00Z");
    private static final Instant NEWEST = OLDEST.plusSeconds(10);

    @Test
    void aSubmissionJustAcceptedWaitsForEverythingAhead() {
        Backlog backlog = new Backlog(100, OLDEST, NEWEST, 10);

        assertThat(backlog.expectedWait(Instant.MAX, MIN, MAX)).isEqualTo(Duration.ofSeconds(10));
    }

    @Test
    void aSubmissionInTheMiddleWaitsForTheShareCreatedBeforeIt() {
        Backlog backlog = new Backlog(100, OLDEST, NEWEST, 10);

        assertThat(backlog.expectedWait(OLDEST.plusSeconds(5), MIN, MAX)).isEqualTo(Duration.ofSeconds(5));
        assertThat(backlog.expectedWait(OLDEST.plusSeconds(2), MIN, MAX)).isEqualTo(Duration.ofSeconds(2));
    }

    @Test
    void theOldestIsNextSoItIsToldTheShortestWait() {
        Backlog backlog = new Backlog(100, OLDEST, NEWEST, 10);

        assertThat(backlog.expectedWait(OLDEST, MIN, MAX)).isEqualTo(MIN);
    }

    @Test
    void whatWaitsInTheLanesServedBeforeASubmissionsIsAllAheadOfIt() {
        // 200 practice submissions wait, and 10 contest ones; 10 verdicts a second.
        Backlog contest = new Backlog(10, OLDEST, NEWEST, 10);
        Backlog practice = new Backlog(200, OLDEST, NEWEST, 10).behind(10);
        Backlog rejudge = new Backlog(0, null, null, 10).behind(210);

        assertThat(contest.expectedWait(Instant.MAX, MIN, MAX)).isEqualTo(Duration.ofSeconds(1));
        assertThat(practice.expectedWait(Instant.MAX, MIN, MAX)).isEqualTo(Duration.ofSeconds(21));
        assertThat(practice.expectedWait(OLDEST, MIN, MAX)).isEqualTo(Duration.ofSeconds(1));
        assertThat(rejudge.expectedWait(Instant.MAX, MIN, MAX)).isEqualTo(Duration.ofSeconds(21));
    }

    @Test
    void aLongQueueIsCappedAtTheLongestWait() {
        Backlog backlog = new Backlog(10_000, OLDEST, NEWEST, 50);

        assertThat(backlog.expectedWait(Instant.MAX, MIN, MAX)).isEqualTo(MAX);
    }

    @Test
    void withoutARecentVerdictRateTheShortestWaitIsSuggested() {
        assertThat(new Backlog(100, OLDEST, NEWEST, 0).expectedWait(Instant.MAX, MIN, MAX))
                .isEqualTo(MIN);
        assertThat(Backlog.UNKNOWN.expectedWait(Instant.MAX, MIN, MAX)).isEqualTo(MIN);
    }

    @Test
    void whileNoVerdictIsRecordedTheLastRateSeenStandsIn() {
        QueueEstimate estimate = new QueueEstimate(null, new PollingProperties(null, null, MIN, MAX));
        assertThat(estimate.withRateOrLastSeen(new Backlog(10, OLDEST, NEWEST, 0))
                        .verdictsPerSecond())
                .isZero();

        estimate.withRateOrLastSeen(new Backlog(10, OLDEST, NEWEST, 25));
        Backlog burstBegins = estimate.withRateOrLastSeen(new Backlog(500, OLDEST, NEWEST, 0));

        assertThat(burstBegins.verdictsPerSecond()).isEqualTo(25);
        assertThat(burstBegins.expectedWait(Instant.MAX, MIN, MAX)).isEqualTo(Duration.ofSeconds(20));
    }

    @Test
    void theRateCountsIntervalsBetweenVerdictsNotVerdicts() {
        assertThat(Backlog.rate(21, 5)).isEqualTo(4);
        assertThat(Backlog.rate(1, 0)).isZero();
        assertThat(Backlog.rate(0, 0)).isZero();
    }
}
