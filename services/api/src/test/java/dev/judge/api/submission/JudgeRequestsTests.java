package dev.judge.api.submission;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import dev.judge.api.problem.ProblemVersion;
import dev.judge.api.problem.ProblemsForJudging;
import dev.judge.contracts.Checker;
import dev.judge.contracts.JudgeRequest;
import dev.judge.contracts.language.Language;
import dev.judge.contracts.language.LanguageCatalog;

/** The time limit a submission is judged by: the problem's, stretched for its language by the catalog or the problem. */
class JudgeRequestsTests {

    private static final long PROBLEM = 7;

    @ParameterizedTest(name = "{0}: {1} ms")
    @CsvSource(textBlock = """
            c,          1000
            cpp,        1000
            python,     3000
            java,       3000
            javascript, 2000
            """)
    void stretchesTheTimeLimitByTheCatalogsFactorAndOffset(String language, long timeLimitMs) throws Exception {
        assertThat(requestFor(language, Map.of()).limits().timeLimitMs()).isEqualTo(timeLimitMs);
    }

    @ParameterizedTest(name = "{0}: {1} ms")
    @CsvSource(textBlock = """
            java,   1700
            python, 3000
            """)
    void takesTheProblemsOwnFactorOverTheCatalogs(String language, long timeLimitMs) throws Exception {
        Map<String, Language.TimeLimits> own = Map.of("java", new Language.TimeLimits(1.5, Duration.ofMillis(200)));

        assertThat(requestFor(language, own).limits().timeLimitMs()).isEqualTo(timeLimitMs);
    }

    private static JudgeRequest requestFor(String language, Map<String, Language.TimeLimits> own) throws Exception {
        ProblemsForJudging problems = mock(ProblemsForJudging.class);
        when(problems.get(PROBLEM, 2))
                .thenReturn(new ProblemVersion(
                        PROBLEM,
                        2,
                        "Sum",
                        1000,
                        64,
                        true,
                        Checker.EXACT,
                        null,
                        List.of(),
                        own,
                        List.of(new JudgeRequest.TestCase("1 2\n", "3\n")),
                        null,
                        null,
                        null,
                        List.of(),
                        null,
                        null,
                        null,
                        null,
                        false,
                        null,
                        null,
                        null,
                        null));
        JudgeRequests requests = new JudgeRequests(
                problems,
                LanguageCatalog.shipped(),
                new SubmissionProperties(65536, 1048576, 2000, 256, 2, 200, 4194304));
        return requests.of(UUID.randomUUID(), PROBLEM, 2, language, "source", null, null, null, Instant.now(), 1);
    }
}
