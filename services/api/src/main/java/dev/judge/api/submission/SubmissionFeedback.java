package dev.judge.api.submission;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.springframework.stereotype.Component;

import dev.judge.api.access.Caller;
import dev.judge.api.problem.FeedbackPolicy;
import dev.judge.api.problem.ProblemAccess;
import dev.judge.api.problem.ProblemVersion;
import dev.judge.contracts.Verdict;

/**
 * What of a submission its reader sees, by its problem version's {@link
 * dev.judge.api.problem.FeedbackPolicy}: the one place every read applies it (a poll, a batch read,
 * each event of a stream, a webhook's delivery), so that no way of reading a submission shows a hidden
 * test. The admin, and the problem's owner reading its own submissions, see everything; a sample test
 * is always shown; a run without a problem has nothing to hide.
 */
@Component
public class SubmissionFeedback {

    private final ProblemAccess problems;

    SubmissionFeedback(ProblemAccess problems) {
        this.problems = problems;
    }

    /** The submission as this caller (who may read it: the admin or its own key) sees it. */
    public SubmissionView shownTo(Caller caller, SubmissionView view) {
        return caller instanceof Caller.Admin ? view : shownToItsKey(view);
    }

    /** The submission as its own key sees it (a webhook's delivery, a poll with that key). */
    public SubmissionView shownToItsKey(SubmissionView view) {
        if (view.problemId() == null || view.problemVersion() == null) {
            return view;
        }
        // Both from caches: the version's policy first, since most problems show everything.
        ProblemVersion.Feedback feedback = problems.feedback(view.problemId(), view.problemVersion());
        if (feedback.policy() == FeedbackPolicy.FULL || problems.isOwnedByKey(view.problemId(), view.apiKeyId())) {
            return view;
        }
        return switch (feedback.policy()) {
            case FULL -> view;
            case FIRST_FAILURE -> with(view, upToFirstFailure(view.testCases(), feedback), view.groups());
            case SUMMARY ->
                with(
                        view,
                        view.testCases().stream()
                                .filter(test -> feedback.isSample(test.index()))
                                .toList(),
                        List.of());
        };
    }

    /** In test order, each up to and with the first that failed, and the samples after it. */
    private static List<TestCaseView> upToFirstFailure(List<TestCaseView> tests, ProblemVersion.Feedback feedback) {
        List<TestCaseView> shown = new ArrayList<>();
        boolean failed = false;
        for (TestCaseView test : tests.stream()
                .sorted(Comparator.comparingInt(TestCaseView::index))
                .toList()) {
            if (!failed || feedback.isSample(test.index())) {
                shown.add(test);
            }
            failed |= test.verdict() != Verdict.ACCEPTED;
        }
        return shown;
    }

    private static SubmissionView with(SubmissionView view, List<TestCaseView> tests, List<GroupView> groups) {
        return new SubmissionView(
                view.id(),
                view.problemId(),
                view.problemVersion(),
                view.language(),
                view.status(),
                view.verdict(),
                view.score(),
                view.maxScore(),
                view.timeMs(),
                view.memoryKb(),
                view.compilerOutput(),
                groups,
                tests,
                view.createdAt(),
                view.startedAt(),
                view.finishedAt(),
                view.callback(),
                view.lane(),
                view.judgement(),
                view.apiKeyId());
    }
}
