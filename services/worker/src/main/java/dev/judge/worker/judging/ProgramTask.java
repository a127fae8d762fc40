package dev.judge.worker.judging;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import dev.judge.contracts.JudgeRequest;
import dev.judge.contracts.JudgeResult;
import dev.judge.contracts.ProgramFiles;
import dev.judge.contracts.language.Language;
import dev.judge.worker.problemtests.TestSet;
import dev.judge.worker.sandbox.Sandbox;
import dev.judge.worker.sandbox.SandboxFiles;

/**
 * The kinds of task that run the contestant's program: its source and files (the problem's graders
 * among them) written into a sandbox and compiled there once, then the kind's own run of each test
 * ({@link #judgeBuilt}).
 */
abstract class ProgramTask implements TaskType {

    /** The program as built: its language, the sandbox it was built in, the problem's tests, what its compiler said. */
    record Built(Language language, Sandbox box, TestSet tests, String compilerOutput) {}

    protected final Tools tools;

    ProgramTask(Tools tools) {
        this.tools = tools;
    }

    @Override
    public final JudgeResult judge(Judging judging) throws IOException {
        JudgeRequest request = judging.request();
        Language language = tools.languages().find(request.language()).orElse(null);
        if (language == null) {
            return judging.failed("This worker does not know the language " + request.language() + ".");
        }
        try (TestSet tests = tools.testData().open(request);
                Sandbox box = tools.sandboxes().open(language)) {
            JudgeRequest.Program program = request.effectiveProgram();
            Optional<String> refusal = programRefusal(language, program);
            if (refusal.isPresent()) {
                // The API refuses all of these: a message that has one was not made by it.
                return judging.failed("The submission's files cannot be built: " + refusal.get() + ".");
            }
            String sourceName = program.sourceName() != null ? program.sourceName() : language.sourceFile();
            SandboxFiles.writeFresh(box.folder().resolve(sourceName), request.sourceCode());
            for (Map.Entry<String, String> file : program.files().entrySet()) {
                SandboxFiles.writeFresh(box.folder().resolve(file.getKey()), file.getValue());
            }
            String compilerOutput = null;
            if (language.isCompiled()) {
                Set<String> names = new HashSet<>(program.files().keySet());
                names.add(sourceName);
                Compiler.Compiled compiled = Compiler.compile(
                        box, language.forSubmission(names, program.compileOptions()), tools.properties());
                compilerOutput = compiled.messages();
                if (!compiled.succeeded()) {
                    return judging.compilationError(compilerOutput);
                }
            }
            return judgeBuilt(judging, new Built(language, box, tests, compilerOutput));
        }
    }

    /** The kind's own part: the setters' programs it needs built and in sandboxes of their own, each test run. */
    protected abstract JudgeResult judgeBuilt(Judging judging, Built built) throws IOException;

    /**
     * Why these files and options cannot be built in this language: a name that could reach outside
     * the folder or clash with another, an option the catalog does not allow.
     */
    static Optional<String> programRefusal(Language language, JudgeRequest.Program program) {
        List<String> names = new ArrayList<>(program.files().keySet());
        if (program.sourceName() != null) {
            names.add(program.sourceName());
        }
        for (String name : names) {
            Optional<String> refusal = ProgramFiles.refusal(name);
            if (refusal.isPresent()) {
                return Optional.of("\"" + name + "\": " + refusal.get());
            }
        }
        if (program.sourceName() != null && program.files().containsKey(program.sourceName())) {
            return Optional.of("two files are called " + program.sourceName());
        }
        if (program.sourceName() == null && program.files().containsKey(language.sourceFile())) {
            return Optional.of("a file beside the source is called as the source, " + language.sourceFile());
        }
        if (program.files().size() > ProgramFiles.MAX_FILES * 2) {
            return Optional.of("more than " + ProgramFiles.MAX_FILES * 2 + " files");
        }
        return language.compileOptionsRefusal(program.compileOptions());
    }
}
