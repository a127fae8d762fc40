package dev.judge.api.submission;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.judge.contracts.Verdict;

/**
 * What a contestant's key is shown of its judgement beyond what the policy cuts: under {@code
 * first-failure}, the groups whose every test is shown (a group's verdict and score tell of every test in
 * it; every group had been shown, those of hidden tests included); never what a package's validator said
 * for the judges alone.
 */
class SubmissionFeedbackTests {

    // Group a: tests 0 and 1, both accepted; b: 2 (wrong) and 3; c: 4; d skipped (depends on c, say).
    private static final List<TestCaseView> TESTS = List.of(
            test(0, "a", Verdict.ACCEPTED),
            test(1, "a", Verdict.ACCEPTED),
            test(2, "b", Verdict.WRONG_ANSWER),
            test(3, "b", Verdict.ACCEPTED),
            test(4, "c", Verdict.TIME_LIMIT_EXCEEDED));
    private static final List<GroupView> GROUPS = List.of(
            new GroupView("a", 30, 30, Verdict.ACCEPTED, false),
            new GroupView("b", 30, 0, Verdict.WRONG_ANSWER, false),
            new GroupView("c", 20, 0, Verdict.TIME_LIMIT_EXCEEDED, false),
            new GroupView("d", 20, 0, null, true));

    @Test
    void onlyTheGroupsWhoseEveryTestIsShownAreShown() {
        List<TestCaseView> upToTheFirstFailure = TESTS.subList(0, 3);

        assertThat(SubmissionFeedback.groupsWhollyShown(GROUPS, TESTS, upToTheFirstFailure))
                .extracting(GroupView::name)
                .as("b has a hidden test; c's TLE and d's skip tell of hidden tests")
                .containsExactly("a");
    }

    @Test
    void everyGroupIsShownWhenNoTestIsHidden() {
        assertThat(SubmissionFeedback.groupsWhollyShown(GROUPS, TESTS, TESTS))
                .extracting(GroupView::name)
                .containsExactly("a", "b", "c", "d");
    }

    /**
     * A package validator's judgemessage.txt is for the judges (it may name the hidden answer); the team
     * sees its teammessage.txt. The first had been shown to the team under every policy.
     */
    @Test
    void noOtherKeyIsShownWhatAValidatorSaidForTheJudges() {
        TestCaseView validated = new TestCaseView(
                0,
                Verdict.WRONG_ANSWER,
                10L,
                20,
                1024L,
                0,
                null,
                null,
                null,
                0.0,
                "too small",
                "expected 777777, got 5");

        assertThat(SubmissionFeedback.forTheTeam(List.of(validated)))
                .singleElement()
                .satisfies(shown -> {
                    assertThat(shown.checkerMessage()).isEqualTo("too small");
                    assertThat(shown.judgeMessage()).isNull();
                    assertThat(shown.verdict()).isEqualTo(Verdict.WRONG_ANSWER);
                });
    }

    private static TestCaseView test(int index, String group, Verdict verdict) {
        return new TestCaseView(
                index,
                verdict,
                10L,
                20,
                1024L,
                0,
                null,
                null,
                group,
                verdict == Verdict.ACCEPTED ? 1.0 : 0.0,
                null,
                "for the judges: test " + index);
    }
}
