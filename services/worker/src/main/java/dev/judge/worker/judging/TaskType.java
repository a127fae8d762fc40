package dev.judge.worker.judging;

import java.io.IOException;

import dev.judge.contracts.JudgeResult;
import dev.judge.contracts.TaskKind;
import dev.judge.contracts.language.LanguageCatalog;
import dev.judge.worker.problemtests.TestDataStore;
import dev.judge.worker.sandbox.Sandboxes;

/**
 * How one kind of task ({@link TaskKind}) is judged: what is built for it, and how each of its tests is
 * judged. {@link Judge} picks one per submission, by the request's kind; each is a class of its own
 * ({@link BatchTask}, {@link InteractiveTask}, {@link CommunicationTask}, {@link OutputOnlyTask}).
 */
interface TaskType {

    /** What every kind judges with: the worker's sandboxes, languages, limits, setters' programs and tests. */
    record Tools(
            Sandboxes sandboxes,
            LanguageCatalog languages,
            WorkerProperties properties,
            SetterPrograms setterPrograms,
            TestDataStore testData) {}

    JudgeResult judge(Judging judging) throws IOException;
}
