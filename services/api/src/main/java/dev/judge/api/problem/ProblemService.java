package dev.judge.api.problem;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.stream.Stream;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.stereotype.Service;
import org.springframework.web.ErrorResponseException;

import dev.judge.api.system.NotFoundException;
import dev.judge.api.system.UnknownReferenceException;
import dev.judge.contracts.Checker;
import dev.judge.contracts.JudgeRequest;
import dev.judge.contracts.ProblemProgram;
import dev.judge.contracts.language.Language;
import dev.judge.contracts.language.LanguageCatalog;

/** Creates problems and their new versions from what setters send. */
@Service
public class ProblemService {

    private final ProblemRepository problems;
    private final LanguageCatalog languages;
    private final PreparationQueue preparations;
    private final long maxDocumentBytes;

    ProblemService(
            ProblemRepository problems,
            LanguageCatalog languages,
            PreparationQueue preparations,
            @Value("${spring.jackson.factory.constraints.read.max-document-length}") long maxDocumentBytes) {
        this.problems = problems;
        this.languages = languages;
        this.preparations = preparations;
        this.maxDocumentBytes = maxDocumentBytes;
    }

    /** Stores a new problem; one with setter programs goes to the workers to be prepared. */
    long create(ProblemRequest request, ProblemOwner owner) {
        ProblemVersion version = toVersion(request);
        return createFrom(version, owner, ProblemRepository.listed(version.testCases()));
    }

    /**
     * Stores a problem made otherwise (an imported package's) with the tests {@code tests} reads one at a
     * time, prepared likewise; refused, with nothing stored, if its preparation would be larger than the
     * largest JSON document the services read.
     */
    public long createFrom(ProblemVersion version, ProblemOwner owner, ProblemRepository.UploadedTests tests) {
        long preparationBytes = preparations.preparationBytes(version);
        if (preparationBytes > maxDocumentBytes) {
            throw new PreparationTooLargeException(
                    "The problem's programs, with the headers each includes and the checker once for each "
                            + "solution to verify, come to " + preparationBytes
                            + " bytes as a worker gets them; this judge "
                            + "sends up to " + maxDocumentBytes
                            + " (spring.jackson.factory.constraints.read.max-document-length)");
        }
        Stream.of(
                        version.checker() == null ? null : version.checker().program(),
                        version.interactor(),
                        version.validator())
                .filter(Objects::nonNull)
                .forEach(this::checked);
        long id = problems.create(version, owner, tests);
        preparations.sendDue();
        return id;
    }

    /** Stores the request as the problem's next version; returns its number. */
    int edit(long id, ProblemRequest request) {
        int version = problems.addVersion(id, toVersion(request), request.submitters())
                .orElseThrow(() -> new NotFoundException("problem", id));
        preparations.sendDue();
        return version;
    }

    private ProblemVersion toVersion(ProblemRequest request) {
        CheckerRequest checker = request.checker();
        ProblemProgram checkerProgram = checker != null && checker.kind() == CheckerRequest.Kind.CUSTOM
                ? checked(new ProblemProgram(
                        checker.language(),
                        checker.sourceCode(),
                        checker.files(),
                        new Language.CompileOptions(checker.standard(), checker.defines()),
                        checker.protocol() == null ? null : checker.protocol().toContract(),
                        checker.arguments()))
                : null;
        ProblemProgram interactor = program(request.interactor());
        outOfPlace(checkerProgram, "checker");
        outOfPlace(interactor, "interactor");
        ProblemProgram validator = program(request.validator());
        Map<String, Language.TimeLimits> timeLimits = new TreeMap<>();
        request.timeLimitsOrNone()
                .forEach((language, limits) -> timeLimits.put(
                        known(language),
                        new Language.TimeLimits(
                                limits.factor(),
                                Duration.ofMillis(limits.offsetMs() == null ? 0 : limits.offsetMs()))));
        return new ProblemVersion(
                0,
                0,
                request.title(),
                request.timeLimitMs(),
                request.memoryLimitMb(),
                request.stopOnFirstFailure() == null || request.stopOnFirstFailure(),
                request.hasChecker()
                        ? new Checker(
                                request.checkerKind(),
                                checker == null ? null : checker.epsilon(),
                                checkerProgram,
                                checker == null || checker.scores() == null
                                        ? null
                                        : Checker.Scores.valueOf(
                                                checker.scores().name()),
                                checker != null && checker.kind() == CheckerRequest.Kind.TOKENS
                                        ? checker.tokensOrDefault()
                                        : null)
                        : null,
                interactor,
                request.groupsOrNone().stream().map(GroupRequest::toContract).toList(),
                timeLimits,
                request.testCases().stream()
                        .map(test -> new JudgeRequest.TestCase(test.input(), test.expectedOutput(), test.group()))
                        .toList(),
                null,
                validator,
                null,
                List.of(),
                null,
                request.setterLimits() == null ? null : request.setterLimits().toContract(),
                graders(request),
                request.feedbackOrFull(),
                Boolean.TRUE.equals(request.outputOnly()),
                request.runs(),
                null,
                request.furtherValidatorsOrNone().stream().map(this::program).toList(),
                request.languagesOrNone().stream().map(this::submittable).toList());
    }

    /** Each grader in a known language (422), its entry point among its files (400). */
    private Map<String, ProblemVersion.Grader> graders(ProblemRequest request) {
        Map<String, ProblemVersion.Grader> graders = new TreeMap<>();
        request.gradersOrNone().forEach((id, grader) -> {
            Language language = languages.find(known(id)).orElseThrow();
            if (language.inputValidatorsOnly()) {
                throw badRequest("A grader in " + id + ", which is a language of input validators alone.");
            }
            if (!grader.files().containsKey(language.sourceFile())) {
                throw badRequest("The " + id + " grader's files must hold its entry point, " + language.sourceFile()
                        + ", which the language's commands build and run.");
            }
            graders.put(id, new ProblemVersion.Grader(grader.solutionFile(), grader.files()));
        });
        return graders;
    }

    private ProblemProgram program(ProgramRequest program) {
        return program == null
                ? null
                : checked(new ProblemProgram(
                        program.language(),
                        program.sourceCode(),
                        program.files(),
                        new Language.CompileOptions(program.standard(), program.defines()),
                        program.protocol() == null ? null : program.protocol().toContract(),
                        program.arguments(),
                        program.testArguments()));
    }

    /** A setter's program in a known language, with compile options only where its compiler takes them (C, C++). */
    private ProblemProgram checked(ProblemProgram program) {
        Language language = languages.find(known(program.language())).orElseThrow();
        if (program.compileOptions() != null && !language.acceptsCompileOptions()) {
            throw badRequest("standard and defines are for programs in C and C++, not " + program.language() + ".");
        }
        return program;
    }

    /** 400 for a checker or interactor in a language of input validators alone (checktestdata). */
    private void outOfPlace(ProblemProgram program, String role) {
        if (program != null && languages.findForSubmissions(program.language()).isEmpty()) {
            throw badRequest(
                    "The " + role + " is in " + program.language() + ", a language of input validators alone.");
        }
    }

    /** 400 for a rule across a problem's fields that its annotations cannot say. */
    private static ErrorResponseException badRequest(String detail) {
        return new ErrorResponseException(
                HttpStatus.BAD_REQUEST, ProblemDetail.forStatusAndDetail(HttpStatus.BAD_REQUEST, detail), null);
    }

    /** A language submissions may be in (checktestdata, say, is for validators alone): else 422. */
    private String submittable(String language) {
        return listed(language, languages.forSubmissions().keySet(), "Languages of submissions: ");
    }

    /** A language of the catalog, of submissions or of setters' programs alone: else 422. */
    private String known(String language) {
        return listed(language, languages.languages().keySet(), "Known languages: ");
    }

    private static String listed(String language, java.util.Set<String> ids, String naming) {
        if (language == null || !ids.contains(language)) {
            throw new UnknownReferenceException("language", language, naming + String.join(", ", ids));
        }
        return language;
    }
}
