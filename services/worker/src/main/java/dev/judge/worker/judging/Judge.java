package dev.judge.worker.judging;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

import dev.judge.contracts.JudgeRequest.TestCase;
import dev.judge.contracts.JudgeRequest;
import dev.judge.contracts.JudgeResult.TestCaseResult;
import dev.judge.contracts.JudgeResult;
import dev.judge.contracts.SubmissionStatus;
import dev.judge.contracts.Verdict;
import dev.judge.contracts.language.Language;
import dev.judge.contracts.language.LanguageCatalog;
import dev.judge.worker.sandbox.RunOutcome;
import dev.judge.worker.sandbox.RunSpec;
import dev.judge.worker.sandbox.Sandbox;
import dev.judge.worker.sandbox.Sandboxes;

/**
 * Judges one submission: compiles it once, runs it on each test case in the sandbox, compares the
 * output, and sums up a verdict. Failures of the judge itself become INTERNAL_ERROR, never a user verdict.
 */
@Component
class Judge {

    private static final Logger log = LoggerFactory.getLogger(Judge.class);

    private final Sandboxes sandboxes;
    private final LanguageCatalog languages;
    private final WorkerProperties properties;
    private final String workerName;

    Judge(Sandboxes sandboxes, LanguageCatalog languages, WorkerProperties properties, WorkerIdentity identity) {
        this.sandboxes = sandboxes;
        this.languages = languages;
        this.properties = properties;
        this.workerName = identity.name();
    }

    JudgeResult judge(JudgeRequest request, Instant startedAt) {
        Language language = languages.find(request.language()).orElse(null);
        if (language == null) {
            return finished(request, startedAt, Verdict.INTERNAL_ERROR,
                    "This worker does not know the language " + request.language() + ".", List.of());
        }
        try (Sandbox box = sandboxes.open()) {
            Files.writeString(box.folder().resolve(language.sourceFile()), request.sourceCode(), StandardCharsets.UTF_8);
            return compileAndRun(request, language, box, startedAt);
        } catch (IOException | RuntimeException e) {
            log.error("Judging submission {} failed", request.submissionId(), e);
            return finished(request, startedAt, Verdict.INTERNAL_ERROR, "The judge failed: " + e.getMessage(), List.of());
        }
    }

    private JudgeResult compileAndRun(JudgeRequest request, Language language, Sandbox box, Instant startedAt)
            throws IOException {
        String compilerOutput = null;
        if (language.isCompiled()) {
            RunSpec compile = new RunSpec(language.compile(), null,
                    properties.compileTimeLimit(), properties.compileTimeLimit().multipliedBy(2),
                    properties.maxMemoryLimit().toBytes(), properties.outputLimit().toBytes());
            RunOutcome compiled = box.run(compile);
            compilerOutput = truncate(compiled.stderr() + compiled.stdout(), properties.compilerOutputLimit().toBytes());
            if (!RunVerdicts.succeeded(compiled, compile)) {
                String reason = switch (RunVerdicts.termination(compiled, compile)) {
                    case TIME_LIMIT -> "\n[compilation took longer than " + properties.compileTimeLimit().toSeconds() + " s]";
                    case MEMORY_LIMIT -> "\n[compilation ran out of memory]";
                    case OUTPUT_LIMIT -> "\n[compiler output was too large]";
                    case EXITED -> "";
                };
                return finished(request, startedAt, Verdict.COMPILATION_ERROR, compilerOutput + reason, List.of());
            }
        }

        Duration timeLimit = min(Duration.ofMillis(request.limits().timeLimitMs()), properties.maxTimeLimit());
        long memoryLimit = Math.min(request.limits().memoryLimitMb() * 1024 * 1024, properties.maxMemoryLimit().toBytes());
        Duration wallLimit = timeLimit.multipliedBy(properties.wallTimeFactor()).plusSeconds(1);

        List<TestCaseResult> results = new ArrayList<>();
        Verdict overall = Verdict.ACCEPTED;
        for (int index = 0; index < request.testCases().size(); index++) {
            TestCase testCase = request.testCases().get(index);
            RunSpec run = new RunSpec(language.run(), testCase.input(),
                    timeLimit, wallLimit, memoryLimit, properties.outputLimit().toBytes());
            RunOutcome outcome = box.run(run);
            Verdict verdict = RunVerdicts.verdict(outcome, run, testCase, request.comparison());
            results.add(new TestCaseResult(index, verdict,
                    outcome.cpuTime() == null ? null : outcome.cpuTime().toMillis(),
                    outcome.wallTime().toMillis(),
                    outcome.peakMemoryKb(),
                    outcome.exitCode(),
                    outcome.signal(),
                    testCase.hasExpectedOutput() ? null : truncate(outcome.stdout(), properties.runOutputLimit().toBytes())));
            if (verdict.isWorseThan(overall)) {
                overall = verdict;
            }
            if (verdict != Verdict.ACCEPTED && request.stopOnFirstFailure()) {
                break;
            }
        }
        return finished(request, startedAt, overall, compilerOutput, results);
    }

    private JudgeResult finished(JudgeRequest request, Instant startedAt, Verdict verdict, String compilerOutput,
            List<TestCaseResult> testCases) {
        return new JudgeResult(request.submissionId(), SubmissionStatus.FINISHED, verdict, compilerOutput, testCases,
                request.acceptedAt(), startedAt, Instant.now(), workerName);
    }

    private static String truncate(String text, long maxBytes) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        if (bytes.length <= maxBytes) {
            return text;
        }
        // Decoding a cut-off multi-byte character yields a replacement character, which is fine here.
        return new String(bytes, 0, (int) maxBytes, StandardCharsets.UTF_8) + "\n[truncated]";
    }

    private static Duration min(Duration a, Duration b) {
        return a.compareTo(b) <= 0 ? a : b;
    }
}
