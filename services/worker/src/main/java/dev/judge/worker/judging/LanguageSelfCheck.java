package dev.judge.worker.judging;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.properties.ConfigurationProperties;
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
 * catalog is judged like a submission (compiled, run in the sandbox, its output compared with "ok"; a
 * language of input validators alone must exit as a valid input's, {@link Language#selfCheckExitCode}).
 * If one fails, the worker refuses to start and names the language, so that a missing {@code node} is
 * found at deployment, not by the first JavaScript submission.
 *
 * <p>Where each language is an image that cannot change once built, a worker judges only the languages
 * in {@code judge.worker.self-check-languages} that the deployment enables (the worker image names
 * {@code python}, which starts in milliseconds; none of them enabled: the first enabled language), which
 * proves that this pod's sandbox and that image work, and starts in a fraction of the time.
 */
@Component
class LanguageSelfCheck implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(LanguageSelfCheck.class);
    // Generous: the check is about toolchains that work, not about speed.
    private static final JudgeRequest.Limits LIMITS = new JudgeRequest.Limits(5_000, 512);

    private final Judge judge;
    private final LanguageCatalog languages;
    private final List<String> only;
    private volatile boolean running;

    LanguageSelfCheck(Judge judge, LanguageCatalog languages, SelfCheckProperties properties) {
        this.judge = judge;
        this.languages = languages;
        this.only = properties.selfCheckLanguages();
    }

    @Override
    public void start() {
        long started = System.nanoTime();
        Map<String, Language> checked = only.isEmpty() ? languages.languages() : only();
        for (Map.Entry<String, Language> entry : checked.entrySet()) {
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
            if (!passed(entry.getValue(), result)) {
                throw new IllegalStateException("The language '%s' failed its self-check: %s%s%s"
                        .formatted(
                                entry.getKey(),
                                result.verdict(),
                                result.testCases().isEmpty() ? "" : " " + result.testCases(),
                                result.compilerOutput() == null ? "" : "\n" + result.compilerOutput()));
            }
        }
        log.info(
                only.isEmpty()
                        ? "Languages checked: {} (each compiled, run and its output compared, in {} ms)"
                        : "Sandbox checked with {} in {} ms (judge.worker.self-check-languages: the language"
                                + " images were checked when they were built)",
                String.join(", ", checked.keySet()),
                Duration.ofNanos(System.nanoTime() - started).toMillis());
        running = true;
    }

    /**
     * Whether a self-check worked: accepted (it printed "ok"), or, in a language of input validators alone,
     * exited with the code of a valid input (its script accepts the empty one).
     */
    private static boolean passed(Language language, JudgeResult result) {
        if (!language.inputValidatorsOnly()) {
            return result.verdict() == Verdict.ACCEPTED;
        }
        return result.verdict() == Verdict.RUNTIME_ERROR
                && result.testCases().size() == 1
                && Integer.valueOf(language.selfCheckExitCode())
                        .equals(result.testCases().getFirst().exitCode());
    }

    private Map<String, Language> only() {
        Map<String, Language> checked = new TreeMap<>();
        for (String id : only) {
            languages.find(id).ifPresent(language -> checked.put(id, language));
        }
        if (checked.isEmpty() && !languages.languages().isEmpty()) {
            Map.Entry<String, Language> first =
                    languages.languages().entrySet().iterator().next();
            checked.put(first.getKey(), first.getValue());
        }
        return checked;
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

    /**
     * @param selfCheckLanguages the languages a worker judges at start, of those enabled; empty (the
     *        default): every enabled language, where the toolchains are the host's and may change
     *        ({@code make local-up}); the worker image, whose languages are images checked when built,
     *        sets {@code python}
     */
    @ConfigurationProperties("judge.worker")
    record SelfCheckProperties(List<String> selfCheckLanguages) {

        SelfCheckProperties {
            selfCheckLanguages = selfCheckLanguages == null ? List.of() : List.copyOf(selfCheckLanguages);
        }
    }
}
