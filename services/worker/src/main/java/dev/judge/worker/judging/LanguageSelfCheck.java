package dev.judge.worker.judging;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

import dev.judge.contracts.Checker;
import dev.judge.contracts.JudgeRequest;
import dev.judge.contracts.JudgeResult;
import dev.judge.contracts.Verdict;
import dev.judge.contracts.language.Language;
import dev.judge.contracts.language.LanguageCatalog;

/**
 * Every language proves itself before the worker takes a submission: its self-check program from the
 * catalog is judged like a submission (compiled, run in the sandbox, its output compared with "ok").
 * If one fails, the worker refuses to start and names the language, so that a missing {@code node} is
 * found at deployment, not by the first JavaScript submission.
 */
@Component
class LanguageSelfCheck implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(LanguageSelfCheck.class);
    // Generous: the check is about toolchains that work, not about speed.
    private static final JudgeRequest.Limits LIMITS = new JudgeRequest.Limits(5_000, 512);

    private final Judge judge;
    private final LanguageCatalog languages;
    private volatile boolean running;

    LanguageSelfCheck(Judge judge, LanguageCatalog languages) {
        this.judge = judge;
        this.languages = languages;
    }

    @Override
    public void start() {
        long started = System.nanoTime();
        for (Map.Entry<String, Language> entry : languages.languages().entrySet()) {
            JudgeResult result = judge.judge(
                    JudgeRequest.plain(
                            UUID.randomUUID(),
                            entry.getKey(),
                            entry.getValue().selfCheck(),
                            LIMITS,
                            Checker.EXACT,
                            List.of(new JudgeRequest.TestCase("", "ok\n")),
                            Instant.now()),
                    Instant.now());
            if (result.verdict() != Verdict.ACCEPTED) {
                throw new IllegalStateException("The language '%s' failed its self-check: %s%s%s"
                        .formatted(
                                entry.getKey(),
                                result.verdict(),
                                result.testCases().isEmpty() ? "" : " " + result.testCases(),
                                result.compilerOutput() == null ? "" : "\n" + result.compilerOutput()));
            }
        }
        log.info(
                "Languages checked: {} (each compiled, run and its output compared, in {} ms)",
                String.join(", ", languages.languages().keySet()),
                Duration.ofNanos(System.nanoTime() - started).toMillis());
        running = true;
    }

    @Override
    public void stop() {
        running = false;
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    @Override
    public int getPhase() {
        // After the sandbox pool starts, before the listener containers take submissions.
        return SmartLifecycle.DEFAULT_PHASE - 500;
    }
}
