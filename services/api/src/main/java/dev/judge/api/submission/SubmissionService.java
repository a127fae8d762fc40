package dev.judge.api.submission;

import java.io.IOException;
import java.io.InputStream;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;
import org.springframework.web.ErrorResponseException;

import dev.judge.api.access.Caller;
import dev.judge.api.access.Quota;
import dev.judge.api.access.Quotas;
import dev.judge.api.access.Scope;
import dev.judge.api.access.UnauthorizedException;
import dev.judge.api.problem.ProblemAccess;
import dev.judge.api.problem.ProblemNotReadyException;
import dev.judge.api.problem.SubmissionRules;
import dev.judge.api.system.UnknownReferenceException;
import dev.judge.contracts.Lane;
import dev.judge.contracts.ProgramFiles;
import dev.judge.contracts.language.Language;
import dev.judge.contracts.language.LanguageCatalog;

@Service
class SubmissionService {

    private final SubmissionRepository submissions;
    private final LanguageCatalog languages;
    private final SubmissionProperties properties;
    private final Quotas quotas;
    private final CallbackTargets callbacks;
    private final QueueEstimate queue;
    private final TransactionTemplate transaction;
    private final ProblemAccess problems;
    private final ApplicationEventPublisher events;
    private final MeterRegistry meters;
    private final SubmissionWriter writer;

    SubmissionService(
            SubmissionRepository submissions,
            LanguageCatalog languages,
            SubmissionProperties properties,
            Quotas quotas,
            CallbackTargets callbacks,
            QueueEstimate queue,
            TransactionTemplate transaction,
            ProblemAccess problems,
            ApplicationEventPublisher events,
            MeterRegistry meters,
            SubmissionWriter writer) {
        this.submissions = submissions;
        this.languages = languages;
        this.properties = properties;
        this.quotas = quotas;
        this.callbacks = callbacks;
        this.queue = queue;
        this.transaction = transaction;
        this.problems = problems;
        this.events = events;
        this.meters = meters;
        this.writer = writer;
    }

    /** What was stored, in the order asked, and the key's use of its quotas after it. */
    record Accepted(List<SubmissionView> submissions, Optional<Quota.Usage> quota) {}

    /**
     * Stores the submission, counted against the caller's quotas, and returns it without waiting for
     * the broker: the outbox relay publishes it after the commit, and again later if the broker was down.
     */
    Accepted accept(Caller caller, SubmissionRequest sent) {
        if (!sent.isOutputs() && languages.findForSubmissions(sent.language()).isEmpty()) {
            throw new UnknownReferenceException(
                    "language",
                    sent.language(),
                    "Known languages: "
                            + String.join(", ", languages.forSubmissions().keySet()));
        }
        SubmissionRequest request = withSourceFromFiles(sent);
        if (!caller.has(Scope.SUBMIT)) {
            throw UnauthorizedException.outOfScope(Scope.SUBMIT);
        }
        checkLength("sourceCode", request.sourceCode(), properties.maxSourceLength());
        // Counted again with its files only when it has some: the source alone was counted just now.
        if (request.files() != null && programLength(request) > properties.maxSourceLength()) {
            throw new ContentTooLargeException("files", properties.maxSourceLength());
        }
        checkLength("stdin", request.stdin(), properties.maxStdinLength());
        if (request.stdins() != null && inputsLength(request) > properties.maxStdinLength()) {
            throw new ContentTooLargeException("stdins", properties.maxStdinLength());
        }
        if (outputsLength(request) > properties.maxOutputsLength()) {
            throw new ContentTooLargeException("outputs", properties.maxOutputsLength());
        }
        if (request.compileOptions() != null
                && !languages.allowedCompileOptions().containsAll(request.compileOptions())) {
            throw new InvalidProgramException(
                    HttpStatus.BAD_REQUEST,
                    Map.of("compileOptions", "not an option any language allows; GET /api/languages lists them"));
        }
        Map<String, String> programErrors = programErrors(request, "");
        if (!programErrors.isEmpty()) {
            throw new InvalidProgramException(HttpStatus.UNPROCESSABLE_CONTENT, programErrors);
        }
        callbackRefusal(caller, request).ifPresent(reason -> {
            throw new CallbackRefusedException(request.callbackUrl(), reason);
        });
        Lane lane = lane(caller, request);
        if (!mayUse(caller, lane)) {
            throw new LaneNotAllowedException(lane);
        }
        // Another tenant's private problem is, to this caller, one that does not exist.
        if (request.problemId() != null && !problems.isOpenTo(caller, request.problemId())) {
            throw new UnknownReferenceException("problem", request.problemId(), null);
        }
        Map<String, String> problemErrors = problemErrors(request, "");
        if (!problemErrors.isEmpty()) {
            throw new InvalidProgramException(HttpStatus.UNPROCESSABLE_CONTENT, problemErrors);
        }
        try {
            return store(caller, List.of(request));
        } catch (DataIntegrityViolationException e) {
            // The only constraints valid input can break: the problem does not exist, or its current
            // version is not ready. Asking the database why, here, costs nothing on the common path.
            if (request.problemId() != null) {
                throw problems.refusal(request.problemId());
            }
            throw e;
        }
    }

    /** Outputs to an output-only problem as a zip of files ({@link OutputsZip}), then as {@link #accept}. */
    Accepted acceptZippedOutputs(Caller caller, long problemId, InputStream zip) throws IOException {
        // Who may submit, and to which problem, before the zip is unpacked: unpacking costs the memory and
        // CPU of what it holds (a key without SUBMIT, to a problem that did not exist, once got its zip read).
        if (!caller.has(Scope.SUBMIT)) {
            throw UnauthorizedException.outOfScope(Scope.SUBMIT);
        }
        if (!problems.isOpenTo(caller, problemId)) {
            throw new UnknownReferenceException("problem", problemId, null);
        }
        // And whether its key has room for one more (counted when it is stored): a key over its quota
        // would otherwise have every zip unpacked before its 429.
        Lane lane = caller instanceof Caller.KeyHolder holder ? holder.key().lane() : Lane.PRACTICE;
        quotas.requireRoom(caller, queue.retryAfterAccepting(lane));
        return accept(
                caller, SubmissionRequest.outputsTo(problemId, OutputsZip.read(zip, properties.maxOutputsLength())));
    }

    /**
     * Stores all of these submissions or none: every one is checked first, and a problem document
     * names each one that is wrong, by its index.
     */
    Accepted acceptAll(Caller caller, List<SubmissionRequest> sent) {
        if (!caller.has(Scope.SUBMIT)) {
            throw UnauthorizedException.outOfScope(Scope.SUBMIT);
        }
        List<SubmissionRequest> requests =
                sent.stream().map(this::withSourceFromFiles).toList();
        Map<String, String> errors = new LinkedHashMap<>();
        Set<Long> problemIds = new HashSet<>();
        for (int i = 0; i < requests.size(); i++) {
            SubmissionRequest request = requests.get(i);
            String at = "submissions[" + i + "].";
            if (!request.isOutputs()
                    && languages.findForSubmissions(request.language()).isEmpty()) {
                errors.put(at + "language", "unknown language " + request.language());
            }
            if (outputsLength(request) > properties.maxOutputsLength()) {
                errors.put(at + "outputs", "together longer than " + properties.maxOutputsLength() + " characters");
            }
            if (tooLong(request.sourceCode(), properties.maxSourceLength())) {
                errors.put(at + "sourceCode", "longer than " + properties.maxSourceLength() + " characters");
            } else if (request.files() != null && programLength(request) > properties.maxSourceLength()) {
                errors.put(at + "files", "with sourceCode longer than " + properties.maxSourceLength() + " characters");
            }
            errors.putAll(programErrors(request, at));
            if (tooLong(request.stdin(), properties.maxStdinLength())) {
                errors.put(at + "stdin", "longer than " + properties.maxStdinLength() + " characters");
            }
            if (request.stdins() != null && inputsLength(request) > properties.maxStdinLength()) {
                errors.put(at + "stdins", "together longer than " + properties.maxStdinLength() + " characters");
            }
            if (request.problemId() != null) {
                problemIds.add(request.problemId());
            }
            callbackRefusal(caller, request).ifPresent(reason -> errors.put(at + "callbackUrl", reason));
            if (!mayUse(caller, lane(caller, request))) {
                errors.put(at + "lane", "this key may not submit to the " + request.lane() + " lane");
            }
        }
        Set<Long> known = problems.openTo(caller, problemIds);
        for (int i = 0; i < requests.size(); i++) {
            Long problemId = requests.get(i).problemId();
            if (problemId != null && !known.contains(problemId)) {
                errors.put("submissions[" + i + "].problemId", "unknown problem " + problemId);
            } else {
                errors.putAll(problemErrors(requests.get(i), "submissions[" + i + "]."));
            }
        }
        if (!errors.isEmpty()) {
            throw new InvalidBatchException(errors);
        }
        try {
            return store(caller, requests);
        } catch (DataIntegrityViolationException e) {
            // As for one submission: a problem in the batch whose version is not ready (or was just deleted).
            for (Long problemId : problemIds) {
                ErrorResponseException refusal = problems.refusal(problemId);
                if (refusal instanceof ProblemNotReadyException) {
                    throw refusal;
                }
            }
            throw e;
        }
    }

    List<JudgementView> replacedJudgements(UUID id) {
        return submissions.replacedJudgements(id);
    }

    /**
     * The caller's quotas reserved, then the callbacks' hosts looked up (a lookup may take a while: a
     * key over its quota must not get one for free), then the rows: one alone as a statement that
     * commits itself (one round trip to the database, not a transaction's two), several in one transaction.
     */
    private Accepted store(Caller caller, List<SubmissionRequest> requests) {
        if (requests.size() == 1
                && requests.getFirst().callbackUrl() == null
                && requests.getFirst().stdins() == null
                && !requests.getFirst().isOutputs()) {
            // The common case, stored in a batch with the others arriving meanwhile (whose one statement
            // takes one value per column: several inputs go the way of a callback, a statement each).
            SubmissionRequest request = requests.getFirst();
            Quotas.Reserved<SubmissionView> stored = writer.store(
                    caller, request, lane(caller, request), queue.retryAfterAccepting(lane(caller, request)));
            return stored(List.of(stored.stored()), stored.usage());
        }
        // A run on several inputs counts each against the per-minute quota: 20 runs are 20, one request or not.
        int runs = requests.stream()
                .mapToInt(request -> Math.max(1, request.inputs().size()))
                .sum();
        Quotas.Reserved<List<SubmissionView>> reserved = quotas.reserveAndStore(
                caller, requests.size(), runs, queue.retryAfterAccepting(lane(caller, requests.getFirst())), () -> {
                    checkCallbackAddresses(requests);
                    if (requests.size() == 1) {
                        return List.of(insert(caller, requests.getFirst()));
                    }
                    return transaction.execute(status -> requests.stream()
                            .map(request -> insert(caller, request))
                            .toList());
                });
        return stored(reserved.stored(), reserved.usage());
    }

    private Accepted stored(List<SubmissionView> stored, Optional<Quota.Usage> usage) {
        for (SubmissionView view : stored) {
            acceptedCounter(view.language()).increment();
            events.publishEvent(new SubmissionStored(view.id()));
        }
        return new Accepted(stored, usage);
    }

    private SubmissionView insert(Caller caller, SubmissionRequest request) {
        return submissions.insert(UUID.randomUUID(), request, lane(caller, request), caller.keyId());
    }

    /** The lane it names, else its key's default lane; practice for anonymous and admin submissions. */
    private static Lane lane(Caller caller, SubmissionRequest request) {
        if (request.lane() != null) {
            return request.lane();
        }
        return caller instanceof Caller.KeyHolder holder ? holder.key().lane() : Lane.PRACTICE;
    }

    /** A key uses the lanes it was given; anonymous callers (local use) and the admin, any. */
    private static boolean mayUse(Caller caller, Lane lane) {
        return !(caller instanceof Caller.KeyHolder holder) || holder.key().mayUse(lane);
    }

    /** Refuses the submissions (422, each by its index in a batch) whose callback host leads somewhere not public. */
    private void checkCallbackAddresses(List<SubmissionRequest> requests) {
        Map<String, String> errors = new LinkedHashMap<>();
        for (int i = 0; i < requests.size(); i++) {
            SubmissionRequest request = requests.get(i);
            if (request.callbackUrl() == null) {
                continue;
            }
            Optional<String> refusal = callbacks.addressRefusal(request.callbackUrl());
            if (refusal.isPresent() && requests.size() == 1) {
                throw new CallbackRefusedException(request.callbackUrl(), refusal.get());
            }
            if (refusal.isPresent()) {
                errors.put("submissions[" + i + "].callbackUrl", refusal.get());
            }
        }
        if (!errors.isEmpty()) {
            throw new InvalidBatchException(errors);
        }
    }

    /** A submission of files alone, its source taken out of them as its language names it; others as sent. */
    private SubmissionRequest withSourceFromFiles(SubmissionRequest request) {
        if (request.isOutputs() || request.language() == null) {
            return request;
        }
        return languages
                .find(request.language())
                .map(language -> request.withSourceFromFiles(language.sourceFile()))
                .orElse(request);
    }

    /** Why this submission's callback URL is refused by its form; empty without one, or if it may be called. */
    private Optional<String> callbackRefusal(Caller caller, SubmissionRequest request) {
        if (request.callbackUrl() == null) {
            return Optional.empty();
        }
        if (!(caller instanceof Caller.KeyHolder)) {
            return Optional.of("a callback needs an API key: deliveries are signed with the key's webhook secret");
        }
        return callbacks.formRefusal(request.callbackUrl());
    }

    /** The characters (as JSON Schema counts them: code points) of its source and its files together. */
    private static long programLength(SubmissionRequest request) {
        long length = characters(request.sourceCode());
        if (request.files() != null) {
            for (SubmissionRequest.SourceFile file : request.files()) {
                length += characters(file.content());
            }
        }
        return length;
    }

    /** The characters of the outputs it gives together; 0 for a program. */
    private static long outputsLength(SubmissionRequest request) {
        return request.outputs() == null
                ? 0
                : request.outputs().values().stream()
                        .mapToLong(SubmissionService::characters)
                        .sum();
    }

    /** The characters of its runs' inputs together. */
    private static long inputsLength(SubmissionRequest request) {
        return request.inputs().stream()
                .mapToLong(SubmissionService::characters)
                .sum();
    }

    private static long characters(String text) {
        return text == null ? 0 : text.codePointCount(0, text.length());
    }

    /**
     * What is wrong with its files and compile options, by field (prefixed with {@code at} in a batch):
     * a name the judge keeps or gives the source, a name twice, an option its language does not allow.
     */
    private Map<String, String> programErrors(SubmissionRequest request, String at) {
        Map<String, String> errors = new LinkedHashMap<>();
        Language language =
                request.isOutputs() ? null : languages.find(request.language()).orElse(null);
        if (language == null) {
            return errors;
        }
        if (request.sourceCode() == null) {
            errors.put(
                    at + "files",
                    "without sourceCode, one of them is the source: none is called " + language.sourceFile());
        }
        Set<String> names = new HashSet<>();
        List<SubmissionRequest.SourceFile> files = request.files() == null ? List.of() : request.files();
        for (int i = 0; i < files.size(); i++) {
            String name = files.get(i).name();
            String field = at + "files[" + i + "].name";
            ProgramFiles.refusal(name).ifPresent(reason -> errors.put(field, reason));
            if (language.sourceFile().equals(name)) {
                errors.put(field, "sourceCode is saved as " + name + "; give the other files other names");
            } else if (!names.add(name)) {
                errors.put(field, "two files are called " + name);
            }
        }
        language.compileOptionsRefusal(request.compileOptions())
                .ifPresent(reason -> errors.put(at + "compileOptions", reason));
        return errors;
    }

    /**
     * What the problem's version refuses, by field: a program to an output-only problem or outputs to
     * another, or an output for a test it does not have; a language it does not take; for a grader
     * problem, a language it has no grader for, or a file named as one of the grader's (which the
     * contestant may not replace).
     */
    private Map<String, String> problemErrors(SubmissionRequest request, String at) {
        if (request.problemId() == null) {
            return Map.of();
        }
        SubmissionRules rules = problems.submissionRules(request.problemId());
        if (rules.outputOnly() != request.isOutputs()) {
            return rules.outputOnly()
                    ? Map.of(at + "outputs", "this problem is output-only: give each test's output, not a program")
                    : Map.of(at + "outputs", "this problem takes a program, not outputs");
        }
        if (request.isOutputs()) {
            return request.outputs().keySet().stream()
                    .filter(number -> Integer.parseInt(number) > rules.testCount())
                    .findFirst()
                    .map(number ->
                            Map.of(at + "outputs", "no test " + number + ": the problem has " + rules.testCount()))
                    .orElse(Map.of());
        }
        if (!rules.languages().isEmpty() && !rules.languages().contains(request.language())) {
            return Map.of(
                    at + "language",
                    "this problem takes submissions in " + String.join(", ", new java.util.TreeSet<>(rules.languages()))
                            + " only");
        }
        Map<String, Set<String>> graders = rules.graderNames();
        if (graders.isEmpty()) {
            return Map.of();
        }
        Set<String> taken = graders.get(request.language());
        if (taken == null) {
            return Map.of(
                    at + "language", "this problem has graders for " + String.join(", ", graders.keySet()) + " only");
        }
        Map<String, String> errors = new LinkedHashMap<>();
        List<SubmissionRequest.SourceFile> files = request.files() == null ? List.of() : request.files();
        for (int i = 0; i < files.size(); i++) {
            if (taken.contains(files.get(i).name())) {
                errors.put(
                        at + "files[" + i + "].name",
                        "the problem's grader has " + files.get(i).name());
            }
        }
        return errors;
    }

    private static void checkLength(String field, String value, int maxCharacters) {
        if (tooLong(value, maxCharacters)) {
            throw new ContentTooLargeException(field, maxCharacters);
        }
    }

    private static boolean tooLong(String value, int maxCharacters) {
        return characters(value) > maxCharacters;
    }

    private Counter acceptedCounter(String language) {
        return Counter.builder("judge.submissions.accepted")
                .description("Submissions stored and queued for judging")
                .tag("language", language)
                .register(meters);
    }
}
