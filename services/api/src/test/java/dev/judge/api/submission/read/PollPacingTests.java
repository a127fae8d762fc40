package dev.judge.api.submission.read;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import dev.judge.api.submission.PollingProperties;
import dev.judge.api.submission.QueueEstimate;
import dev.judge.api.submission.SubmissionView;
import dev.judge.api.submission.TestSubmissionViews;
import dev.judge.contracts.SubmissionStatus;

/** Polls are paced per state of a submission: a change always lets the next poll through. */
class PollPacingTests {

    private static final UUID ID = UUID.randomUUID();
    private static final PollingProperties POLLING = new PollingProperties(
            Duration.ofSeconds(1), Duration.ofSeconds(10), Duration.ofSeconds(1), Duration.ofSeconds(30));
    private final PollPacing pacing = new PollPacing(
            new ReadProperties(
                    100,
                    Duration.ofMinutes(10),
                    Duration.ofMinutes(10),
                    Duration.ofSeconds(2),
                    8,
                    Duration.ofSeconds(2),
                    0.5),
            POLLING,
            new QueueEstimate(null, POLLING));

    @Test
    void aPollFarTooSoonForTheSameStateIsToldToWait() {
        pacing.told(ID, "\"queued\"", Duration.ofSeconds(20));

        assertThat(pacing.tooSoon(ID, "\"queued\""))
                .hasValueSatisfying(wait -> assertThat(wait).isPositive());
    }

    /**
     * The change notice clears the pacing, but a poll answered from the old state just then tells a
     * wait again: polls of the new state must not be held back by it (a replica then skipped RUNNING,
     * tests/e2e test_polls_on_both_replicas_see_each_change_though_both_answer_from_memory).
     */
    @Test
    void aWaitToldForAnOlderStateHoldsBackNoPollOfTheNewOne() {
        pacing.changed(ID);
        pacing.told(ID, "\"queued\"", Duration.ofSeconds(20));

        assertThat(pacing.tooSoon(ID, "\"running\"")).isEmpty();
    }

    @Test
    void theNextPollAsToldIsWhatAPollTooSoonIsHeldTo() {
        SubmissionView queued = TestSubmissionViews.inState(ID, SubmissionStatus.QUEUED, null);

        Duration told = pacing.nextPoll(queued).orElseThrow();

        assertThat(told).isPositive();
        assertThat(pacing.tooSoon(ID, queued.etag())).isPresent();
    }
}
