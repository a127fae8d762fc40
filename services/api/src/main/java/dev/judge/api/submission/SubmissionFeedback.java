package dev.judge.api.submission;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.springframework.stereotype.Component;

import dev.judge.api.access.Caller;
import dev.judge.api.problem.ProblemAccess;
import dev.judge.api.problem.ProblemVersion;
import dev.judge.contracts.Verdict;

/**
 * What of a submission its reader sees, by its problem version's {@link
 * dev.judge.api.problem.FeedbackPolicy}: the one place every read applies it (a poll, a batch read,
 * each event of a stream, a webhook's delivery), so that no way of reading a submission shows a hidden
 * test. The admin, and the problem's owner reading its own submissions, see everything; a sample test
 * is always shown; no other key sees what a package's validator says for the judges alone; a run without
 * a problem has nothing to hide.
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
        if (problems.isOwnedByKey(view.problemId(), view.apiKeyId())) {
            return view;
        }
        ProblemVersion.Feedback feedback = problems.feedback(view.problemId(), view.problemVersion());
        return switch (feedback.policy()) {
            case FULL -> with(view, forTheTeam(view.testCases()), view.groups());
            case FIRST_FAILURE -> {
                List<TestCaseView> shown = upToFirstFailure(view.testCases(), feedback);
                yield with(view, forTheTeam(shown), groupsWhollyShown(view.groups(), view.testCases(), shown));
            }
            case SUMMARY ->
                with(
                        view,
                        forTheTeam(view.testCases().stream()
                                .filter(test -> feedback.isSample(test.index()))
                                .toList()),
                        List.of());
        };
    }

    /** The tests without what a package's validator said for the judges alone (its judgemessage.txt). */
    static List<TestCaseView> forTheTeam(List<TestCaseView> tests) {
        return tests.stream().map(TestCaseView::forTheTeam).toList();
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

    /**
     * The groups whose every test is shown: a group's verdict and score tell of its tests, so a group with
     * a hidden test is hidden too. A group none of whose tests ran (skipped, or without tests) is shown only
     * when no test is hidden: it was skipped for a group's failure that may be hidden.
     */
    static List<GroupView> groupsWhollyShown(
            List<GroupView> groups, List<TestCaseView> tests, List<TestCaseView> shown) {
        Set<Integer> shownIndexes = new HashSet<>();
        shown.forEach(test -> shownIndexes.add(test.index()));
        // The groups with a test, and those with a hidden one: one pass over the tests.
        Set<String> tested = new HashSet<>();
        Set<String> withHidden = new HashSet<>();
        for (TestCaseView test : tests) {
            if (test.group() != null) {
                tested.add(test.group());
                if (!shownIndexes.contains(test.index())) {
                    withHidden.add(test.group());
                }
            }
        }
        boolean noneHidden = shownIndexes.size() == tests.size();
        return groups.stream()
                .filter(group -> tested.contains(group.name()) ? !withHidden.contains(group.name()) : noneHidden)
                .toList();
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
