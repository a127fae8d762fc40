package dev.judge.worker.judging;

import java.io.IOException;
import java.time.Instant;
import java.util.Optional;
import java.util.function.IntConsumer;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

import dev.judge.contracts.JudgeRequest;
import dev.judge.contracts.JudgeResult;
import dev.judge.contracts.language.LanguageCatalog;
import dev.judge.worker.problemtests.TestDataStore;
import dev.judge.worker.problemtests.TestDataUnavailableException;
import dev.judge.worker.sandbox.MachineTooBusyException;
import dev.judge.worker.sandbox.Sandboxes;

/**
 * Judges one submission by its task's kind ({@link TaskType}: built once, each test run in the sandbox
 * and checked, group by group, into a verdict and a score). Failures of the judge itself, or of a
 * setter's program, become INTERNAL_ERROR, never a user verdict; so does a run the machine kept from a
 * CPU every time it was made (a compilation included: never COMPILATION_ERROR for the judge's load).
 */
@Component
public class Judge {

    private static final Logger log = LoggerFactory.getLogger(Judge.class);

    private final TaskType batch;
    private final TaskType interactive;
    private final TaskType communication;
    private final TaskType outputOnly;
    private final String workerName;

    Judge(
            Sandboxes sandboxes,
            LanguageCatalog languages,
            WorkerProperties properties,
            SetterPrograms setterPrograms,
            TestDataStore testData,
            WorkerIdentity identity) {
        TaskType.Tools tools = new TaskType.Tools(sandboxes, languages, properties, setterPrograms, testData);
        this.batch = new BatchTask(tools);
        this.interactive = new InteractiveTask(tools);
        this.communication = new CommunicationTask(tools);
        this.outputOnly = new OutputOnlyTask(tools);
        this.workerName = identity.name();
    }

    /** @throws TestDataUnavailableException when the problem's tests could not be fetched: not the submission's fault */
    JudgeResult judge(JudgeRequest request, Instant startedAt) {
        return judge(request, startedAt, test -> {});
    }

    /**
     * As {@link #judge(JudgeRequest, Instant)}, telling {@code beforeEachTest} each test's index before it
     * is judged: a preparation's progress and time limit, held inside a solution's judging (2,000 tests
     * had been one step, never stopped). What it throws ends the judging and is passed on.
     */
    public JudgeResult judge(JudgeRequest request, Instant startedAt, IntConsumer beforeEachTest) {
        Judging judging = new Judging(request, startedAt, beforeEachTest, workerName);
        try {
            Optional<String> refusal = request.runsRefusal();
            if (refusal.isPresent()) {
                // The API refuses all of these: a message that has one was not made by it.
                return judging.failed("The problem's tests cannot be run so: " + refusal.get() + ".");
            }
            TaskType type = switch (request.kind()) {
                case BATCH -> batch;
                case INTERACTIVE -> interactive;
                case COMMUNICATION -> communication;
                case OUTPUT_ONLY -> outputOnly;
            };
            return type.judge(judging);
        } catch (TestDataUnavailableException | JudgingStopped e) {
            throw e;
        } catch (MachineTooBusyException e) {
            // The machine's load, not the program: no verdict, and the submitter is told so.
            log.warn("Submission {} was not judged: {}", request.submissionId(), e.getMessage());
            return judging.failed(e.getMessage());
        } catch (IOException | RuntimeException e) {
            if (Thread.currentThread().isInterrupted()) {
                throw new JudgingInterrupted(e);
            }
            log.error("Judging submission {} failed", request.submissionId(), e);
            // The exception's message may name the worker's paths or addresses: it goes to the log only.
            return judging.failed("The judge failed (logged on " + workerName + ").");
        }
    }
}
