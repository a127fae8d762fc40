package dev.judge.worker.judging;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import dev.judge.contracts.JudgeRequest;
import dev.judge.worker.sandbox.Sandbox;
import dev.judge.worker.sandbox.SandboxFiles;

/**
 * A communication task ({@link dev.judge.contracts.TaskKind#COMMUNICATION}, CMS's Communication): on each
 * test, {@link JudgeRequest#instances()} instances of the program at once, each in a sandbox of its own
 * with a copy of the built program and each told its index, talk to the problem's manager through pipes
 * of their own, as an {@link InteractiveTask}'s one program does.
 */
final class CommunicationTask extends InteractiveTask {

    CommunicationTask(Tools tools) {
        super(tools);
    }

    @Override
    protected Instances instances(JudgeRequest request, Built built) throws IOException {
        List<Sandbox> boxes = new ArrayList<>(List.of(built.box()));
        Instances instances = new Instances(boxes);
        try {
            while (boxes.size() < request.instances()) {
                Sandbox more = tools.sandboxes().open(built.language());
                boxes.add(more);
                SandboxFiles.copyTree(built.box().folder(), more.folder());
            }
            return instances;
        } catch (IOException | RuntimeException e) {
            instances.close();
            throw e;
        }
    }
}
