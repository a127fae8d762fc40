package dev.judge.api.submission;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

import org.springframework.stereotype.Component;

import dev.judge.api.problem.ProblemsForJudging;
import dev.judge.contracts.Checker;
import dev.judge.contracts.JudgeRequest;
import dev.judge.contracts.JudgeRequest.Limits;
import dev.judge.contracts.JudgeRequest.TestCase;
import dev.judge.contracts.language.LanguageCatalog;

/**
 * The request message for a stored submission: the version of its problem it was made to, with the
 * time limit stretched for its language and its tests or (when large) a reference to them, or its
 * inputs as runs without a problem.
 */
@Component
public class JudgeRequests {

    private final ProblemsForJudging problems;
    private final LanguageCatalog languages;
    private final SubmissionProperties properties;

    JudgeRequests(ProblemsForJudging problems, LanguageCatalog languages, SubmissionProperties properties) {
        this.problems = problems;
        this.languages = languages;
        this.properties = properties;
    }

    public JudgeRequest of(
            UUID id,
            Long problemId,
            Integer problemVersion,
            String language,
            String sourceCode,
            List<String> inputs,
            JudgeRequest.Program program,
            List<String> outputs,
            Instant acceptedAt,
            int judgement) {
        JudgeRequest request = problemId == null
                ? JudgeRequest.plain(
                        id,
                        language,
                        sourceCode,
                        new Limits(properties.runTimeLimitMs(), properties.runMemoryLimitMb()),
                        Checker.EXACT,
                        inputs.stream().map(input -> new TestCase(input, null)).toList(),
                        acceptedAt)
                : problems.get(problemId, problemVersion)
                        .judgeRequest(id, language, sourceCode, acceptedAt, judgement, languages);
        // The problem's grader for the language, if it has one, with the submission's own files and options.
        request = request.withProgram(JudgeRequest.Program.of(request.program(), program));
        // An output-only problem's submission: its outputs, in place of a program.
        return outputs == null ? request : request.withOutputs(outputs);
    }
}
