package dev.judge.worker.judging;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import dev.judge.contracts.Checker;
import dev.judge.contracts.JudgeRequest;
import dev.judge.contracts.JudgeRequest.TestCase;
import dev.judge.contracts.JudgeResult;
import dev.judge.contracts.Verdict;
import dev.judge.worker.judging.TestRunner.Measures;
import dev.judge.worker.judging.TestRunner.Pass;
import dev.judge.worker.judging.TestlibVerdicts.Judgement;
import dev.judge.worker.sandbox.RunOutcome;
import dev.judge.worker.sandbox.RunSpec;
import dev.judge.worker.sandbox.Sandbox;
import dev.judge.worker.sandbox.SandboxFiles;

/**
 * An interactive task ({@link dev.judge.contracts.TaskKind#INTERACTIVE}): on each test the program and
 * the problem's interactor, each in a sandbox of its own, talk through pipes; the interactor decides,
 * then, where the problem has one and the interactor accepted, a checker of what it wrote (testlib's
 * {@code tout}). The interactor may ask for another pass. {@link CommunicationTask} runs several
 * instances of the program the same way.
 */
class InteractiveTask extends ProgramTask {

    InteractiveTask(Tools tools) {
        super(tools);
    }

    @Override
    protected final JudgeResult judgeBuilt(Judging judging, Built built) throws IOException {
        JudgeRequest request = judging.request();
        Checker checker = request.interactionChecker();
        SetterPrograms.Built interactor = tools.setterPrograms().build(request.interactor());
        SetterPrograms.Built customChecker = tools.setterPrograms().buildIfCustom(checker);
        if (interactor.failed()) {
            return judging.setterNotBuilt("interactor", interactor);
        }
        if (customChecker != null && customChecker.failed()) {
            return judging.setterNotBuilt("checker", customChecker);
        }
        // A sandbox each (closed here; a null one is not opened), so that no program sees another's files.
        try (Sandbox interactorBox = tools.sandboxes().open(interactor.language());
                Sandbox checkerBox =
                        customChecker == null ? null : tools.sandboxes().open(customChecker.language());
                Instances instances = instances(request, built)) {
            SetterProgram talking = SetterProgram.in(interactorBox, interactor, request.interactor());
            SetterRuns setterRuns = new SetterRuns(
                    request,
                    SetterProgram.in(checkerBox, customChecker, checker == null ? null : checker.program()),
                    tools.properties());
            ProgramLimits limits = ProgramLimits.of(request, tools.properties());
            TestRunner runner = new TestRunner(
                    request,
                    tools.properties(),
                    setterRuns,
                    (test, inputFile, worth) -> interacted(
                            request, built, instances.boxes(), talking, setterRuns, limits, test, inputFile, worth),
                    talking,
                    "interactor");
            return judging.tests(built.tests(), runner::run, built.compilerOutput());
        }
    }

    /** The sandboxes of the program's instances on each test: here, the one it was built in. */
    protected Instances instances(JudgeRequest request, Built built) throws IOException {
        return new Instances(List.of(built.box()));
    }

    /**
     * The sandboxes of a test's instances of the program: the one it was built in first, closed by
     * whoever opened them; the further ones (a copy of the built program each) closed with this.
     */
    record Instances(List<Sandbox> boxes) implements AutoCloseable {

        @Override
        public void close() {
            boxes.subList(1, boxes.size()).forEach(Sandbox::close);
        }
    }

    /**
     * Each instance of the program in its sandbox, talking through pipes to the interactor in its own;
     * then, if the interactor accepted and the problem has one, the checker of what it wrote (testlib's
     * {@code tout}). An instance of several is given its index (from 0) as its argument.
     */
    private Pass interacted(
            JudgeRequest request,
            Built built,
            List<Sandbox> boxes,
            SetterProgram interactor,
            SetterRuns setterRuns,
            ProgramLimits limits,
            TestCase test,
            Path inputFile,
            double worth)
            throws IOException {
        List<Sandbox.Instance> instances = new ArrayList<>();
        for (int i = 0; i < boxes.size(); i++) {
            List<String> command = new ArrayList<>(built.language().run());
            if (boxes.size() > 1) {
                command.add(Integer.toString(i));
            }
            instances.add(new Sandbox.Instance(
                    boxes.get(i),
                    new RunSpec(
                            command, null, limits.time(), limits.wall(), limits.memoryBytes(), limits.outputBytes())));
        }
        RunSpec interactorRun =
                setterRuns.setterRun(interactor, test, inputFile, limits.wall().plusSeconds(1), null);
        SandboxFiles.remove(interactor.file(SetterPrograms.OUTPUT)); // the interactor writes it
        Sandbox.Communication communication = interactor.box().communicate(interactorRun, instances);
        // Its stdout was a pipe: a partial score (exit 7) is in the file it was given as its output.
        RunOutcome interacted = communication
                .manager()
                .withStdout(SandboxFiles.readRegularText(interactor.file(SetterPrograms.OUTPUT), 1024));
        TestlibVerdicts.Interaction judged = TestlibVerdicts.interacted(
                communication.instances(),
                instances.getFirst().spec(),
                interacted,
                interactorRun,
                Optional.ofNullable(interactor.feedback(
                        tools.properties().setterMessageLimit().toBytes())));
        Judgement judgement = judged.judgement();
        if (judgement.verdict() == Verdict.ACCEPTED && request.interactionChecker() != null) {
            judgement = setterRuns.checkedOutput(
                    request.interactionChecker(), interactor.file(SetterPrograms.OUTPUT), test, inputFile, worth);
        }
        return new Pass(
                communication.instances().get(judged.decidingInstance()),
                judgement,
                Measures.of(communication.instances()));
    }
}
