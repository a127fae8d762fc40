package dev.judge.worker.judging;

import java.time.Instant;
import java.util.Map;

import dev.judge.contracts.JudgeRequest;
import dev.judge.contracts.JudgeResult;
import dev.judge.contracts.language.LanguageCatalog;
import dev.judge.worker.sandbox.Sandboxes;
import dev.judge.worker.sandbox.TestSandboxes;

/** The worker's judge, as a benchmark outside this package drives it: with the shipped catalog and default settings. */
public final class JudgeForBenchmarks {

    private final Judge judge;

    public JudgeForBenchmarks(Sandboxes sandboxes) {
        WorkerProperties properties = TestSandboxes.workerProperties(Map.of());
        this.judge = JudgeIT.newJudge(
                sandboxes, LanguageCatalog.shipped(), properties, TestSandboxes.testDataStore(Map.of()));
    }

    public JudgeResult judge(JudgeRequest request) {
        return judge.judge(request, Instant.now());
    }
}
