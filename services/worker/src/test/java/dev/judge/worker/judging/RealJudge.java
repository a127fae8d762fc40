package dev.judge.worker.judging;

import java.util.Map;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

import dev.judge.contracts.language.LanguageCatalog;
import dev.judge.worker.sandbox.Sandboxes;
import dev.judge.worker.sandbox.TestSandboxes;

/** A judge with the shipped catalog and real sandboxes, started before a test class and stopped after it. */
abstract class RealJudge {

    static Sandboxes sandboxes;
    static Judge judge;

    @BeforeAll
    static void startSandboxes() {
        sandboxes = TestSandboxes.startPool(TestSandboxes.sandboxProperties(Map.of()));
        judge = JudgeIT.newJudge(
                sandboxes,
                LanguageCatalog.shipped(),
                TestSandboxes.workerProperties(Map.of()),
                TestSandboxes.testDataStore(Map.of()));
    }

    @AfterAll
    static void stopSandboxes() {
        TestSandboxes.stop(sandboxes);
    }
}
