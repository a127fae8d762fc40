package dev.judge.api.submission;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

import org.springframework.stereotype.Component;

import dev.judge.api.problem.ProblemsForJudging;
import dev.judge.contracts.JudgeRequest;
import dev.judge.contracts.JudgeRequest.Limits;
import dev.judge.contracts.JudgeRequest.TestCase;
import dev.judge.contracts.OutputComparison;

/** The request message for a stored submission: its problem's tests, or its stdin as a single run. */
@Component
public class JudgeRequests {

    private final ProblemsForJudging problems;
    private final SubmissionProperties properties;

    JudgeRequests(ProblemsForJudging problems, SubmissionProperties properties) {
        this.problems = problems;
        this.properties = properties;
    }

    public JudgeRequest of(UUID id, Long problemId, String language, String sourceCode, String stdin, Instant acceptedAt) {
        if (problemId == null) {
            return new JudgeRequest(id, language, sourceCode,
                    new Limits(properties.runTimeLimitMs(), properties.runMemoryLimitMb()),
                    OutputComparison.EXACT, true, List.of(new TestCase(stdin, null)), acceptedAt);
        }
        ProblemsForJudging.Judged problem = problems.get(problemId);
        return new JudgeRequest(id, language, sourceCode, problem.limits(), problem.comparison(),
                problem.stopOnFirstFailure(), problem.testCases(), acceptedAt);
    }
}
