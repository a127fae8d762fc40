package dev.judge.api.problem.importing.kattis;

import java.io.IOException;
import java.io.StringReader;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.events.AliasEvent;
import org.yaml.snakeyaml.events.CollectionEndEvent;
import org.yaml.snakeyaml.events.CollectionStartEvent;
import org.yaml.snakeyaml.events.Event;

import dev.judge.api.problem.importing.archive.InvalidPackageException;
import dev.judge.api.problem.importing.archive.OpenedPackage;
import dev.judge.api.problem.importing.archive.PackageArchive;
import dev.judge.contracts.Checker;
import dev.judge.contracts.JudgeRequest;
import dev.judge.contracts.ProblemLimits;
import dev.judge.contracts.ProgramFiles;
import dev.judge.contracts.TimeLimitInference;
import dev.judge.contracts.language.LanguageCatalog;

/**
 * An ICPC / Kattis problem package (the problem package format, versions {@code legacy},
 * {@code legacy-icpc} and {@code 2025-09}), read into what the judge stores: {@code problem.yaml} at the
 * package's root or in its single top folder; the tests of {@code data/sample} and {@code data/secret}
 * (every {@code .in} with its {@code .ans}, in order of their names, samples first); the output
 * validator (the default one with its flags, or the package's program), its type (pass-fail,
 * interactive, multi-pass, submit-answer); its input validator; its example submissions by their
 * folders; the languages it takes; its constants filled in where the format says ({@link Constants}).
 * What this judge cannot honour is refused by name, never read as something else. Its zip is
 * read as {@link PackageArchive} reads any package, tests one at a time by {@link #testFile}.
 */
public final class KattisPackage extends OpenedPackage<KattisPackage.Problem> {

    public static final String PROBLEM_YAML = "problem.yaml";

    /** The versions of the format this judge reads. */
    static final Set<String> VERSIONS = Set.of("legacy", "legacy-icpc", "2023-07-draft", "2025-09");

    /** problem.yaml is a page of settings; a larger or deeper one is refused before it is parsed. */
    private static final int MAX_YAML_BYTES = 1 << 20;

    private static final int MAX_YAML_DEPTH = 20;

    /** The most aliases a YAML file may hold, of scalars and collections alike (each may repeat what it names). */
    private static final int MAX_YAML_ALIASES = 20;

    /**
     * The format's default entry points (its languages table) of the languages that have one: the file of
     * a submission of several files that is run, by the language's code.
     */
    private static final Map<String, List<String>> DEFAULT_ENTRY_POINTS = Map.of(
            "python3", List.of("main.py"),
            "java", List.of("Main.java"),
            "kotlin", List.of("Main.kt", "main.kt"),
            "javascript", List.of("main.js"),
            "php", List.of("main.php"),
            "lisp", List.of("main.lisp", "main.cl"));

    /** The most codes a package's languages may list: the format's table has a few dozen. */
    private static final int MAX_LANGUAGE_CODES = 100;

    private static final String INPUT_VALIDATOR = "input validator";
    private static final Pattern PROBLEM_NAME = Pattern.compile("\\\\problemname\\{([^}\\n]{1,200})}");

    /**
     * A validator or submission: its language, its source (saved as the language's source file) and the
     * other files of its folder, by name.
     */
    public record Program(String path, String language, String sourceCode, Map<String, String> files) {}

    /**
     * An input validator and what it gets on each test whose folder of {@code data/} gives it arguments.
     *
     * @param testArguments by the test's number, from 1; a test that is not here gets none
     */
    public record InputValidator(Program program, Map<Integer, List<String>> testArguments) {}

    /**
     * @param name its path under {@code data/} without {@code .in} ({@code secret/group1/03})
     * @param input where the package carries it
     * @param answer where its {@code .ans} is
     * @param group its group in a scored problem ({@code sample}, a test data group's folder, or
     *        {@code secret}); null in a pass-fail one
     */
    public record Test(String name, String input, String answer, boolean sample, String group) {

        Test inGroup(String named) {
            return new Test(name, input, answer, sample, named);
        }
    }

    /** An example submission and the folder it is in ({@code accepted}, {@code wrong_answer}...). */
    public record Submission(String folder, Program program) {}

    /**
     * How the package's output is judged.
     *
     * @param validator the package's output validator; null for the default one
     * @param arguments the validator's flags (legacy {@code validator_flags}, a group's
     *        {@code output_validator_args}): the default one's are read into {@link #tokens}
     * @param tokens the default validator with its flags; null for the package's own
     * @param interactive the validator talks to the submission
     * @param passes the most passes of a multi-pass problem; 1 for any other
     * @param submitAnswer the submissions are the answers themselves (output-only)
     */
    public record Judging(
            Program validator,
            List<String> arguments,
            Checker.Tokens tokens,
            boolean interactive,
            int passes,
            boolean submitAnswer) {}

    /**
     * @param timeLimitMs the explicit limit ({@code limits.time_limit}, or DOMjudge's {@code .timelimit});
     *        null when it is to be inferred from the example submissions' times, by {@code timeLimitInference}
     * @param memoryLimitMb {@code limits.memory}; null for this judge's default
     * @param inputValidators in the order of their names (every one runs on every test); empty for none
     * @param groups a scored problem's groups, in the order they are judged ({@link ScoringGroups}); empty
     *        for a pass-fail one
     * @param graders the files of {@code include/} by the language they go with ({@link Includes})
     * @param notJudged the example submissions not judged here, each with why
     * @param languages the catalog's languages its {@code languages} allows, by id; empty for all
     */
    public record Problem(
            String version,
            String title,
            Integer timeLimitMs,
            TimeLimitInference timeLimitInference,
            Integer memoryLimitMb,
            Judging judging,
            List<InputValidator> inputValidators,
            List<Test> tests,
            List<Submission> submissions,
            List<JudgeRequest.Group> groups,
            Map<String, Map<String, String>> graders,
            List<NotJudged> notJudged,
            List<String> languages) {}

    /** An example submission this judge does not judge, and why (a language it does not offer, say). */
    public record NotJudged(String folder, String path, String reason) {}

    private final LanguageCatalog languages;
    /** Where the package's root is in the zip: "" or its single top folder with a slash. */
    private final String root;

    private final Map<String, Map<String, Object>> settingsByFolder = new java.util.HashMap<>();
    /** problem.yaml's constants, filled into the files the format says once problem.yaml is read. */
    private Constants constants = Constants.NONE;
    /** The languages problem.yaml's languages allows, by the catalog's ids; empty for all. */
    private List<String> allowed = List.of();

    private KattisPackage(PackageArchive archive, LanguageCatalog languages, String root) {
        super(archive);
        this.languages = languages;
        this.root = root;
    }

    /**
     * Whether an archive is a package of this format: a {@code problem.yaml} at its root or in its single
     * top folder. Its root, "" or that folder with a slash; empty for another format.
     */
    public static Optional<String> rootOf(PackageArchive archive) {
        if (archive.has(PROBLEM_YAML)) {
            return Optional.of("");
        }
        Set<String> tops = new TreeSet<>();
        for (String file : archive.files()) {
            int slash = file.indexOf('/');
            tops.add(slash < 0 ? "" : file.substring(0, slash + 1));
        }
        if (tops.size() == 1
                && !tops.contains("")
                && archive.has(tops.iterator().next() + PROBLEM_YAML)) {
            return Optional.of(tops.iterator().next());
        }
        return Optional.empty();
    }

    /**
     * Reads all but its tests from an archive whose root {@link #rootOf} found; close it when its tests
     * are read (that closes the archive).
     *
     * @param withSubmissions whether its example submissions are read (to be judged)
     * @param givenTimeLimitMs the import's time limit, for a package that gives none (an archive converted
     *        to the format often does not); null for none. One that differs from the package's own is refused.
     * @throws InvalidPackageException for a package this judge does not take, naming the file and why
     */
    public static KattisPackage open(
            PackageArchive archive,
            String root,
            LanguageCatalog languages,
            boolean withSubmissions,
            Integer givenTimeLimitMs)
            throws IOException {
        KattisPackage opened = new KattisPackage(archive, languages, root);
        opened.read(() -> opened.readProblem(withSubmissions, givenTimeLimitMs));
        return opened;
    }

    private Problem readProblem(boolean withSubmissions, Integer givenTimeLimitMs) throws IOException {
        String problemYaml = archive.text(root + PROBLEM_YAML, MAX_YAML_BYTES);
        Map<String, Object> yaml = yaml(root + PROBLEM_YAML, problemYaml);
        constants = Constants.of(archive, yaml, problemYaml, loaderOptions());
        allowed = allowedLanguages(yaml);
        String version = string(yaml, "problem_format_version", "legacy");
        if (!VERSIONS.contains(version)) {
            throw invalid("its problem_format_version is \"" + version + "\"; this judge reads "
                    + String.join(", ", new TreeSet<>(VERSIONS)));
        }
        Set<String> types = types(yaml, version);
        boolean scoring = types.contains("scoring");
        if (scoring
                && (types.contains("interactive") || types.contains("multi-pass") || types.contains("submit-answer"))) {
            throw invalid("it is a scoring problem that is also " + types
                    + "; this judge scores batch problems only (their validators' score.txt)");
        }
        Map<String, Object> limits = map(yaml, "limits");
        List<Test> tests = tests();
        ScoringGroups.Scored scored = scoring
                ? new ScoringGroups(this::settings, version.startsWith("legacy") || draftWithLegacyScoring(version))
                        .scored(tests)
                : new ScoringGroups.Scored(List.of(), tests);
        tests = scored.tests();
        refuseUngivenSettings(tests);
        Integer timeLimitMs = timeLimitMs(ownTimeLimitMs(limits), givenTimeLimitMs, PROBLEM_YAML);
        // A limit left to the example submissions needs them, whether or not they are to be verified.
        List<NotJudged> notJudged = new ArrayList<>();
        List<Submission> submissions = withSubmissions || timeLimitMs == null ? submissions(notJudged) : List.of();
        if (timeLimitMs == null
                && submissions.stream()
                        .noneMatch(submission -> submission.folder().equals("accepted"))) {
            throw invalid("it gives no time limit (limits.time_limit, or DOMjudge's .timelimit) and has no accepted "
                    + "submission in a language this judge runs to infer one from: give the import's timeLimitMs");
        }
        return new Problem(
                version,
                title(yaml),
                timeLimitMs,
                timeLimitMs == null ? inference(version, limits) : null,
                memoryLimitMb(limits),
                judging(yaml, types, limits),
                inputValidators(tests),
                tests,
                submissions,
                scored.groups(),
                new Includes(archive, root + "include/", languages, constants).graders(),
                withSubmissions ? List.copyOf(notJudged) : List.of(),
                allowed);
    }

    /**
     * The catalog's languages that {@code languages} allows: {@code all} (the default), a code of the
     * format's table, or a list of them; empty for all. A code this judge has no language for is passed
     * over (nothing could be submitted in it here); a list of none it has is refused.
     */
    private List<String> allowedLanguages(Map<String, Object> yaml) {
        Object given = yaml.get("languages");
        List<String> codes = given instanceof List<?> list
                ? list.stream().map(code -> String.valueOf(code).strip()).toList()
                : given == null ? List.of("all") : List.of(String.valueOf(given).strip());
        if (codes.isEmpty() || codes.size() > MAX_LANGUAGE_CODES) {
            throw invalid("its languages give " + codes.size() + " codes; the format takes all, a code, or 1 to "
                    + MAX_LANGUAGE_CODES + " of them");
        }
        if (codes.contains("all")) {
            return List.of();
        }
        Set<String> ids = new TreeSet<>();
        for (var language : languages.forSubmissions().values()) {
            if (codes.contains(language.packageCode())) {
                ids.add(language.id());
            }
        }
        if (ids.isEmpty()) {
            throw invalid("its languages (" + String.join(", ", codes) + ") are none this judge runs (its codes: "
                    + String.join(
                            ", ",
                            new TreeSet<>(languages.forSubmissions().values().stream()
                                    .map(language -> String.valueOf(language.packageCode()))
                                    .toList()))
                    + ")");
        }
        return List.copyOf(ids);
    }

    /** Legacy's scoring keys of testdata.yaml, which the 2023-07 drafts replaced by a {@code scoring:} map. */
    private static final Set<String> LEGACY_SCORING_KEYS = Set.of("accept_score", "range", "grader_flags", "on_reject");

    /**
     * A 2023-07 draft package that scores as legacy did: no folder gives the draft's {@code scoring:} map
     * and some give legacy's keys (problemtools reads such packages, and its own oddecho example is one).
     */
    private boolean draftWithLegacyScoring(String version) {
        if (!version.equals("2023-07-draft")) {
            return false;
        }
        boolean legacyKeys = false;
        for (String path : archive.files()) {
            if (path.startsWith(root + "data/")
                    && path.endsWith("/testdata.yaml")
                    && !ignored(path.substring(root.length()))) {
                Map<String, Object> settings =
                        settings(path.substring(root.length(), path.length() - "testdata.yaml".length()));
                if (settings.containsKey("scoring")) {
                    return false;
                }
                legacyKeys |= settings.keySet().stream().anyMatch(LEGACY_SCORING_KEYS::contains);
            }
        }
        return legacyKeys;
    }

    /**
     * The scoring settings of a folder of data/ ({@code data/secret/group1/}): its {@code testdata.yaml}
     * (legacy, and the 2023-07 drafts) or {@code test_group.yaml} (2025-09); empty for none.
     */
    private Map<String, Object> settings(String folder) {
        // Read once: each test asks its folders for each input validator's arguments.
        return settingsByFolder.computeIfAbsent(folder, unread -> {
            try {
                Map<String, Object> settings = new TreeMap<>();
                for (String file : List.of("testdata.yaml", "test_group.yaml")) {
                    if (archive.has(root + unread + file)) {
                        settings.putAll(groupSettings(root + unread + file));
                    }
                }
                return settings;
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
    }

    /**
     * A folder's {@code testdata.yaml} or {@code test_group.yaml}: 2025-09 fills problem.yaml's constants
     * into the latter (legacy's testdata.yaml has none).
     */
    private Map<String, Object> groupSettings(String path) throws IOException {
        String text = archive.text(path, MAX_YAML_BYTES);
        return yaml(path, path.endsWith("/test_group.yaml") ? constants.in(path, text, MAX_YAML_BYTES) : text);
    }

    /**
     * How the time limit is inferred when the package gives none: legacy's {@code time_multiplier} (5)
     * and {@code time_safety_margin} (2), or {@code time_multipliers.ac_to_time_limit} (2) and
     * {@code time_limit_to_tle} (1.5) with {@code time_resolution} (1 s) since 2023-07; the limit is a whole
     * number of that resolution.
     */
    private static TimeLimitInference inference(String version, Map<String, Object> limits) {
        boolean legacy = version.startsWith("legacy");
        Map<String, Object> multipliers = legacy ? Map.of() : map(limits, "time_multipliers");
        Double acToTimeLimit = legacy ? number(limits, "time_multiplier") : number(multipliers, "ac_to_time_limit");
        Double timeLimitToTle =
                legacy ? number(limits, "time_safety_margin") : number(multipliers, "time_limit_to_tle");
        Double resolution = legacy ? null : number(limits, "time_resolution");
        double ac = acToTimeLimit == null ? (legacy ? 5 : 2) : acToTimeLimit;
        double tle = timeLimitToTle == null ? (legacy ? 2 : 1.5) : timeLimitToTle;
        double resolutionSeconds = resolution == null ? 1 : resolution;
        if (!(ac >= 1 && ac <= 100)
                || !(tle >= 1 && tle <= 100)
                || !(resolutionSeconds >= 0.001 && resolutionSeconds <= 15)) {
            throw invalid("its time multipliers (" + ac + ", " + tle + ") are not in 1..100, or its time_resolution ("
                    + resolutionSeconds + " s) not in 0.001..15 s");
        }
        return new TimeLimitInference(ac, tle, (int) Math.round(resolutionSeconds * 1000));
    }

    /** The problem's types: legacy's {@code type} and {@code validation} words, or 2025-09's {@code type} list. */
    private Set<String> types(Map<String, Object> yaml, String version) {
        Set<String> types = new LinkedHashSet<>();
        Object type = yaml.get("type");
        if (type instanceof List<?> list) {
            list.forEach(item -> types.add(String.valueOf(item)));
        } else if (type != null) {
            types.add(String.valueOf(type));
        }
        // legacy: "validation: custom interactive score"; DOMjudge writes a multi-pass one as "custom multi-pass"
        for (String word : string(yaml, "validation", "default").split("\\s+")) {
            switch (word) {
                case "interactive" -> types.add("interactive");
                case "multi-pass" -> types.add("multi-pass");
                case "score" -> types.add("scoring");
                case "default", "custom", "" -> {}
                default -> throw invalid("its validation has \"" + word + "\", which this judge does not know");
            }
        }
        for (String word : types) {
            if (!Set.of("pass-fail", "scoring", "interactive", "multi-pass", "submit-answer")
                    .contains(word)) {
                throw invalid("its type \"" + word + "\" is not one the format has");
            }
        }
        return types;
    }

    private String title(Map<String, Object> yaml) throws IOException {
        Object name = yaml.get("name");
        if (name instanceof Map<?, ?> names && !names.isEmpty()) {
            Object english = names.get("en");
            return clipped(String.valueOf(
                    english != null ? english : names.values().iterator().next()));
        }
        if (name != null && !String.valueOf(name).isBlank()) {
            return clipped(String.valueOf(name));
        }
        // A legacy package names it in its statement: \problemname{...}
        for (String statement : List.of(
                "problem_statement/problem.en.tex", "problem_statement/problem.tex", "statement/problem.en.tex")) {
            if (archive.has(root + statement)) {
                Matcher named = PROBLEM_NAME.matcher(archive.text(root + statement, MAX_YAML_BYTES));
                if (named.find()) {
                    return clipped(named.group(1).strip());
                }
            }
        }
        return root.isEmpty() ? "Imported problem" : root.substring(0, root.length() - 1);
    }

    private static String clipped(String title) {
        if (title.indexOf('\0') >= 0) { // stored as PostgreSQL text, which refuses U+0000
            throw invalid("its name holds a NUL character");
        }
        return title.length() > 200 ? title.substring(0, 200) : title;
    }

    /**
     * The time limit the package gives: 2025-09's {@code limits.time_limit} (seconds), else DOMjudge's
     * {@code .timelimit} beside problem.yaml; null when it leaves it to the example submissions' times.
     */
    private Integer ownTimeLimitMs(Map<String, Object> limits) throws IOException {
        Double seconds = number(limits, "time_limit");
        String from = "limits.time_limit";
        if (seconds == null && archive.has(root + ".timelimit")) {
            from = ".timelimit";
            try {
                seconds =
                        Double.parseDouble(archive.text(root + ".timelimit", 64).strip());
            } catch (NumberFormatException e) {
                throw new InvalidPackageException(root + ".timelimit", "it is not a number of seconds");
            }
        }
        if (seconds == null) {
            return null;
        }
        long ms = Math.round(seconds * 1000);
        if (!(seconds > 0) || ms < 1 || ms > ProblemLimits.MAX_TIME_LIMIT_MS) {
            throw invalid("its time limit (" + from + ") of " + seconds + " s is not in 0.001.."
                    + ProblemLimits.MAX_TIME_LIMIT_MS / 1000 + " s");
        }
        return (int) ms;
    }

    private Integer memoryLimitMb(Map<String, Object> limits) {
        Double memory = number(limits, "memory");
        if (memory == null) {
            return null;
        }
        if (memory != Math.rint(memory) || memory < 1 || memory > ProblemLimits.MAX_MEMORY_LIMIT_MB) {
            throw invalid("its limits.memory of " + memory + " MiB is not a whole number in 1.."
                    + ProblemLimits.MAX_MEMORY_LIMIT_MB + " (this judge honours it exactly or not at all)");
        }
        return memory.intValue();
    }

    private Judging judging(Map<String, Object> yaml, Set<String> types, Map<String, Object> limits)
            throws IOException {
        Program validator = outputValidator();
        if (string(yaml, "validation", "default").startsWith("custom") && validator == null) {
            throw invalid("its validation is custom and it has no output validator (output_validators/)");
        }
        List<String> arguments = validatorArguments(yaml);
        boolean interactive = types.contains("interactive");
        boolean multiPass = types.contains("multi-pass");
        if ((interactive || multiPass) && validator == null) {
            throw invalid("an interactive or multi-pass problem needs its own output validator (output_validator/)");
        }
        int passes = 1;
        if (multiPass) {
            Double validationPasses = number(limits, "validation_passes");
            passes = validationPasses == null ? 2 : validationPasses.intValue();
            if (passes < 2 || passes > JudgeRequest.Runs.MAX_PASSES) {
                throw invalid(
                        "its limits.validation_passes of " + passes + " is not in 2.." + JudgeRequest.Runs.MAX_PASSES);
            }
        }
        return new Judging(
                validator,
                arguments,
                validator == null ? defaultValidator(arguments) : null,
                interactive,
                passes,
                types.contains("submit-answer"));
    }

    /**
     * The output validator's arguments: legacy's {@code validator_flags} (a string), and the
     * {@code output_validator_flags} (legacy testdata.yaml) or {@code output_validator_args} (2025-09
     * test_group.yaml) of every folder of {@code data/}, which must agree:
     * arguments that differ from group to group are not taken.
     */
    private List<String> validatorArguments(Map<String, Object> yaml) throws IOException {
        List<List<String>> given = new ArrayList<>();
        if (yaml.get("validator_flags") != null) {
            given.add(words(String.valueOf(yaml.get("validator_flags"))));
        }
        for (String path : archive.files()) {
            String file = path.substring(path.lastIndexOf('/') + 1);
            if (!path.startsWith(root + "data/")
                    || ignored(path.substring(root.length()))
                    || !(file.equals("testdata.yaml") || file.equals("test_group.yaml"))) {
                continue;
            }
            Map<String, Object> group = groupSettings(path);
            Object flags = group.get("output_validator_flags");
            Object args = group.get("output_validator_args");
            if (flags != null) {
                given.add(words(String.valueOf(flags)));
            }
            if (args instanceof List<?> list) {
                given.add(list.stream().map(String::valueOf).toList());
            } else if (args != null) {
                given.add(words(String.valueOf(args)));
            }
        }
        if (given.stream().distinct().count() > 1) {
            throw invalid("its output validator's arguments differ between problem.yaml and its test groups " + given
                    + "; this judge takes one set for all tests");
        }
        List<String> arguments = given.isEmpty() ? List.of() : given.getFirst();
        if (!ProblemLimits.argumentsAllowed(arguments)) {
            throw invalid("its output validator's arguments are over 20, or one is over 200 characters or "
                    + "holds a NUL or a line break");
        }
        return arguments;
    }

    /** The default output validator's flags ({@code case_sensitive}, {@code float_tolerance 1e-6}...). */
    static Checker.Tokens defaultValidator(List<String> flags) {
        boolean caseSensitive = false;
        boolean spaceChangeSensitive = false;
        Double absolute = null;
        Double relative = null;
        for (int at = 0; at < flags.size(); at++) {
            String flag = flags.get(at);
            switch (flag) {
                case "case_sensitive" -> caseSensitive = true;
                case "space_change_sensitive" -> spaceChangeSensitive = true;
                case "float_tolerance", "float_absolute_tolerance", "float_relative_tolerance" -> {
                    if (at + 1 == flags.size()) {
                        throw invalid("the default validator's flag " + flag + " has no value");
                    }
                    double tolerance = tolerance(flag, flags.get(++at));
                    boolean both = flag.equals("float_tolerance");
                    if (both || flag.equals("float_absolute_tolerance")) {
                        if (absolute != null) {
                            throw invalid("the default validator's absolute tolerance is given twice");
                        }
                        absolute = tolerance;
                    }
                    if (both || flag.equals("float_relative_tolerance")) {
                        if (relative != null) {
                            throw invalid("the default validator's relative tolerance is given twice");
                        }
                        relative = tolerance;
                    }
                }
                default -> throw invalid("the default validator has no flag \"" + flag + "\"");
            }
        }
        return new Checker.Tokens(caseSensitive, spaceChangeSensitive, absolute, relative);
    }

    private static double tolerance(String flag, String value) {
        try {
            double tolerance = Double.parseDouble(value);
            if (Double.isFinite(tolerance) && tolerance >= 0 && tolerance <= 1e9) {
                return tolerance;
            }
        } catch (NumberFormatException e) {
            // refused below
        }
        throw invalid("the default validator's " + flag + " \"" + value + "\" is not a number in 0..1e9");
    }

    /**
     * The package's output validator: 2025-09's {@code output_validator/} (the program's folder, or, as
     * 2023-07-draft packages have it, a folder holding the program's one folder), or legacy's one in
     * {@code output_validators/}.
     */
    private Program outputValidator() throws IOException {
        if (hasFolder("output_validator/")) {
            List<String> inside = programsIn("output_validator/");
            boolean oneFolder = inside.size() == 1 && inside.getFirst().endsWith("/");
            return program(oneFolder ? inside.getFirst() : root + "output_validator/", "output validator");
        }
        List<String> programs = programsIn("output_validators/");
        if (programs.size() > 1) {
            throw new InvalidPackageException(
                    root + "output_validators/", "it holds " + programs.size() + " validators; this judge runs one");
        }
        return programs.isEmpty() ? null : program(programs.getFirst(), "output validator");
    }

    /** Its input validator, of {@code input_validators/} (or the older {@code input_format_validators/}). */
    /**
     * Its input validators, programs each (a checktestdata script, {@code .ctd}, is one in the catalog's
     * checktestdata), with what each gets on each test; VIVA's are refused by name.
     */
    private List<InputValidator> inputValidators(List<Test> tests) throws IOException {
        List<String> paths = new ArrayList<>(programsIn("input_validators/"));
        paths.addAll(programsIn("input_format_validators/"));
        if (paths.size() > ProblemLimits.MAX_INPUT_VALIDATORS) {
            throw new InvalidPackageException(
                    paths.get(ProblemLimits.MAX_INPUT_VALIDATORS),
                    "it is input validator " + (ProblemLimits.MAX_INPUT_VALIDATORS + 1) + "; this judge runs at most "
                            + ProblemLimits.MAX_INPUT_VALIDATORS + " per problem");
        }
        List<InputValidator> validators = new ArrayList<>();
        for (String path : paths) {
            if (path.endsWith(".viva")) {
                throw new InvalidPackageException(path, "VIVA validators are not run by this judge; give a program");
            }
            Program program = program(path, INPUT_VALIDATOR);
            Map<Integer, List<String>> testArguments = new TreeMap<>();
            for (int index = 0; index < tests.size(); index++) {
                List<String> arguments = inputValidatorArguments(program, tests.get(index));
                if (!arguments.isEmpty()) {
                    testArguments.put(index + 1, arguments);
                }
            }
            validators.add(new InputValidator(program, testArguments));
        }
        return validators;
    }

    /**
     * What an input validator gets on a test: the {@code input_validator_args} (2025-09) or
     * {@code input_validator_flags} (legacy, and the drafts that still write it) of the test's nearest
     * folder of {@code data/} that gives either: for every validator (a list, or a string of words), or by
     * the validator's name (a map: 2025-09's of names to lists, legacy's {@code name} and {@code flags}).
     */
    private List<String> inputValidatorArguments(Program validator, Test test) {
        // The test's own settings (2025-09's <test>.yaml) first, then its folders', nearest first.
        List<String> places = new ArrayList<>(List.of("data/" + test.name() + ".yaml"));
        for (String folder = "data/" + test.name().substring(0, test.name().lastIndexOf('/') + 1);
                folder.startsWith("data/");
                folder = parent(folder)) {
            places.add(folder);
        }
        for (String place : places) {
            Map<String, Object> settings = place.endsWith(".yaml") ? testSettings(place) : settings(place);
            Object given = settings.containsKey("input_validator_args")
                    ? settings.get("input_validator_args")
                    : settings.get("input_validator_flags");
            if (given == null) {
                continue;
            }
            if (given instanceof Map<?, ?> byName) {
                if (byName.containsKey("flags") && byName.get("name") instanceof String name) {
                    given = names(validator).contains(name) ? byName.get("flags") : List.of();
                } else {
                    given = byName.entrySet().stream()
                            .filter(entry -> names(validator).contains(String.valueOf(entry.getKey())))
                            .<Object>map(Map.Entry::getValue)
                            .findFirst()
                            .orElse(List.of());
                }
            }
            List<String> arguments = given instanceof List<?> list
                    ? list.stream().map(String::valueOf).toList()
                    : words(String.valueOf(given));
            if (!ProblemLimits.argumentsAllowed(arguments)) {
                throw new InvalidPackageException(
                        place,
                        "its input validator's arguments are over 20, or one is over 200 characters or "
                                + "holds a NUL or a line break");
            }
            return arguments;
        }
        return List.of();
    }

    /** A test's own settings ({@code data/secret/01.yaml}), empty for none. */
    private Map<String, Object> testSettings(String path) {
        try {
            return archive.has(root + path) ? yaml(root + path) : Map.of();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /**
     * What tests' settings ask that this judge does not give, refused by name: arguments to the submission
     * ({@code args}), and a test's own output validator arguments (one set serves all its tests here).
     */
    private void refuseUngivenSettings(List<Test> tests) {
        for (String path : archive.files()) {
            String file = path.substring(path.lastIndexOf('/') + 1);
            if (path.startsWith(root + "data/")
                    && !ignored(path.substring(root.length()))
                    && (file.equals("testdata.yaml") || file.equals("test_group.yaml"))
                    && settings(path.substring(root.length(), path.length() - file.length()))
                                    .get("args")
                            instanceof List<?> args
                    && !args.isEmpty()) {
                throw new InvalidPackageException(path, "its args (given to submissions) are not given by this judge");
            }
        }
        for (Test test : tests) {
            Map<String, Object> own = testSettings("data/" + test.name() + ".yaml");
            if (own.get("args") instanceof List<?> args && !args.isEmpty()) {
                throw new InvalidPackageException(
                        root + "data/" + test.name() + ".yaml",
                        "its args (given to submissions) are not given by this judge");
            }
            if (own.containsKey("output_validator_args")) {
                throw new InvalidPackageException(
                        root + "data/" + test.name() + ".yaml",
                        "a test's own output_validator_args: this judge gives one set to all tests");
            }
        }
    }

    /** "data/secret/g1/" → "data/secret/"; "data/" → "". */
    private static String parent(String folder) {
        int slash = folder.lastIndexOf('/', folder.length() - 2);
        return slash < 0 ? "" : folder.substring(0, slash + 1);
    }

    /** The names a package's map of arguments may call a program by: its file or folder, with or without ending. */
    private static Set<String> names(Program program) {
        String path = program.path().endsWith("/")
                ? program.path().substring(0, program.path().length() - 1)
                : program.path();
        String name = path.substring(path.lastIndexOf('/') + 1);
        int dot = name.lastIndexOf('.');
        return dot <= 0 ? Set.of(name) : Set.of(name, name.substring(0, dot));
    }

    /** The programs in a folder: each file, or each folder of files, directly in it. */
    private List<String> programsIn(String folder) {
        Set<String> programs = new TreeSet<>();
        String prefix = root + folder;
        for (String file : archive.files()) {
            if (file.startsWith(prefix) && !ignored(file.substring(prefix.length()))) {
                String rest = file.substring(prefix.length());
                int slash = rest.indexOf('/');
                programs.add(slash < 0 ? file : prefix + rest.substring(0, slash + 1));
            }
        }
        return List.copyOf(programs);
    }

    private boolean hasFolder(String folder) {
        return archive.files().stream().anyMatch(file -> file.startsWith(root + folder));
    }

    /**
     * A program: a file, its language by its ending, or a folder (path ending in {@code /}) of files, its
     * language that of its one source; a folder with the format's {@code build} or {@code run} scripts is
     * refused, as are files in its subfolders.
     */
    private Program program(String path, String what) throws IOException {
        if (!path.endsWith("/")) {
            String name = path.substring(path.lastIndexOf('/') + 1);
            String source = constants.inProgram(path, archive.program(path));
            String language = languageOf(path, name, source);
            return refusedOutOfPlace(new Program(path, language, source, Map.of()), what);
        }
        Map<String, String> files = new TreeMap<>();
        List<String> sources = new ArrayList<>();
        String language = null;
        for (String file : archive.files()) {
            if (!file.startsWith(path) || ignored(file.substring(path.length()))) {
                continue;
            }
            String name = file.substring(path.length());
            if (name.equals("build") || name.equals("run")) {
                throw new InvalidPackageException(
                        file, "the " + what + "'s build and run scripts are not run by this judge");
            }
            if (name.contains("/")) {
                throw new InvalidPackageException(
                        file, "the " + what + " has files in folders; this judge takes one folder");
            }
            ProgramFiles.refusal(name).ifPresent(reason -> {
                throw new InvalidPackageException(file, reason);
            });
            String content = constants.inProgram(file, archive.program(file));
            Optional<String> of = languages.forPackageFile(name, firstLine(content));
            if (of.isPresent()) {
                if (language != null && !language.equals(of.get())) {
                    throw new InvalidPackageException(file, "the " + what + " mixes " + language + " and " + of.get());
                }
                language = of.get();
                sources.add(name);
            }
            files.put(name, content);
        }
        if (sources.size() != 1) {
            throw new InvalidPackageException(
                    path,
                    "the " + what + " has "
                            + (sources.isEmpty()
                                    ? "no source this judge runs (" + languages.packageExtensions() + ")"
                                    : "several sources " + sources + "; this judge takes one, beside its headers"));
        }
        String source = files.remove(sources.getFirst());
        return refusedOutOfPlace(new Program(path, language, source, files), what);
    }

    /** A program in a language of input validators alone (checktestdata) is refused as any other program. */
    private Program refusedOutOfPlace(Program program, String what) {
        if (!what.equals(INPUT_VALIDATOR)
                && languages.findForSubmissions(program.language()).isEmpty()) {
            throw new InvalidPackageException(
                    program.path(),
                    "the " + what + " is in " + program.language() + ", which is for input validators alone");
        }
        return program;
    }

    private String languageOf(String path, String name, String source) {
        return languages
                .forPackageFile(name, firstLine(source))
                .orElseThrow(() -> new InvalidPackageException(
                        path,
                        "its file ending is not a language this judge runs (" + languages.packageExtensions() + ")"));
    }

    private static String firstLine(String text) {
        int end = text.indexOf('\n');
        return end < 0 ? text : text.substring(0, end);
    }

    /**
     * The tests of data/sample and data/secret, in order of their names, samples first. One pass over the
     * package's entries, counted before any test is read: a package of 12,000 tests was once scanned whole
     * for each of them (8.6 s) before its count was refused.
     */
    private List<Test> tests() {
        Map<String, Set<String>> inputsBySet = new TreeMap<>();
        Set<String> withFiles = new HashSet<>();
        for (String set : List.of("sample", "secret")) {
            inputsBySet.put(set, new TreeSet<>());
        }
        String data = root + "data/";
        for (String file : archive.files()) {
            if (!file.startsWith(data)) {
                continue;
            }
            // Every folder "<base>.files/" on the way: the files of test <base>.
            for (int at = file.indexOf(".files/", data.length()); at >= 0; at = file.indexOf(".files/", at + 1)) {
                withFiles.add(file.substring(0, at));
            }
            for (Map.Entry<String, Set<String>> set : inputsBySet.entrySet()) {
                String prefix = data + set.getKey() + "/";
                if (file.startsWith(prefix) && file.endsWith(".in") && !ignored(file.substring(prefix.length()))) {
                    set.getValue().add(file);
                }
            }
        }
        int count = inputsBySet.values().stream().mapToInt(Set::size).sum();
        if (count > archive.limits().maxTests()) {
            throw new InvalidPackageException(
                    data,
                    "it has " + count + " tests; this judge takes up to "
                            + archive.limits().maxTests(),
                    true);
        }
        List<Test> tests = new ArrayList<>();
        for (Map.Entry<String, Set<String>> set : inputsBySet.entrySet()) {
            for (String input : set.getValue()) {
                String name = input.substring(data.length(), input.length() - ".in".length());
                String base = input.substring(0, input.length() - ".in".length());
                String answer = base + ".ans";
                if (!archive.has(answer)) {
                    throw new InvalidPackageException(input, "its answer, " + answer + ", is not in the package");
                }
                if (withFiles.contains(base)) {
                    throw new InvalidPackageException(
                            base + ".files/", "files beside a test are not given to programs by this judge");
                }
                tests.add(new Test(
                        name,
                        archive.checkedPath(input),
                        archive.checkedPath(answer),
                        set.getKey().equals("sample"),
                        null));
            }
        }
        if (tests.stream().noneMatch(test -> !test.sample())) {
            throw new InvalidPackageException(root + "data/secret/", "it has no secret test (data/secret/*.in)");
        }
        return tests;
    }

    /**
     * The example submissions by the folder of submissions/ they are in, in order of their paths: each file
     * in it, and each folder in it (a submission of several files, {@link #folderSubmission}).
     */
    private List<Submission> submissions(List<NotJudged> notJudged) throws IOException {
        List<Submission> submissions = new ArrayList<>();
        String prefix = root + "submissions/";
        // Each submission's path in the zip: a file, or a folder with its slash.
        Set<String> entries = new TreeSet<>();
        for (String file : archive.files()) {
            String rest = file.startsWith(prefix) ? file.substring(prefix.length()) : null;
            if (rest == null || ignored(rest)) {
                continue;
            }
            String[] names = rest.split("/");
            if (names.length == 2) {
                entries.add(file);
            } else if (names.length > 2) {
                entries.add(prefix + names[0] + "/" + names[1] + "/");
            }
        }
        if (entries.size() > archive.limits().maxSolutions()) {
            throw new InvalidPackageException(
                    prefix,
                    "it has " + entries.size() + " submissions; an import judges up to "
                            + archive.limits().maxSolutions());
        }
        for (String entry : entries) {
            String folder = entry.substring(prefix.length(), entry.indexOf('/', prefix.length()));
            if (entry.endsWith("/")) {
                folderSubmission(entry, folder, notJudged).ifPresent(submissions::add);
                continue;
            }
            String name = entry.substring(entry.lastIndexOf('/') + 1);
            String source = constants.inProgram(entry, archive.program(entry));
            // A submission in a language this judge lacks (Python 2, say) is not judged as another.
            Optional<String> language = languages.forPackageFile(name, firstLine(source));
            String path = entry.substring(root.length());
            // Without the shebang that says so (forPackageFile), Python 2 by its statements.
            String why = language.map(this::notSubmittable).orElse(null);
            if (why == null && language.isPresent()) {
                why = python2(name, source);
            }
            if (why != null) {
                notJudged.add(new NotJudged(folder, path, why));
                continue;
            }
            if (language.isEmpty()) {
                notJudged.add(new NotJudged(
                        folder,
                        path,
                        LanguageCatalog.isPython2(name, firstLine(source))
                                ? "it is Python 2 (its first line says so), which this judge does not run"
                                : "its file ending is not a language this judge runs"));
                continue;
            }
            submissions.add(
                    new Submission(folder, JavaEntryPoint.of(new Program(path, language.get(), source, Map.of()))));
        }
        return submissions;
    }

    /**
     * A submission of several files (a folder in a folder of submissions/): its language that of its
     * sources' endings, one for all; its entry point its one source, else the format's default for the
     * language ({@link #DEFAULT_ENTRY_POINTS}), else, for a language whose compilation takes every source
     * beside the entry (C, C++, Go…), its {@code main.*} or its first source by name. The entry is saved as
     * the language's source file and the rest beside it by their names, as a submission's files are. One
     * this judge cannot build as the format says is listed as not judged, with why; files past a
     * program's most refuse the package (413).
     */
    private Optional<Submission> folderSubmission(String path, String folder, List<NotJudged> notJudged)
            throws IOException {
        String listed = path.substring(root.length());
        Map<String, String> files = new TreeMap<>();
        List<String> sources = new ArrayList<>();
        Set<String> found = new TreeSet<>();
        long chars = 0;
        for (String file : archive.files()) {
            if (!file.startsWith(path) || ignored(file.substring(path.length()))) {
                continue;
            }
            String name = file.substring(path.length());
            Optional<String> refusal = name.contains("/")
                    ? Optional.of("it has files in folders (" + name + ")")
                    : files.size() == ProgramFiles.MAX_FILES
                            ? Optional.of("it has over " + ProgramFiles.MAX_FILES + " files")
                            : ProgramFiles.refusal(name).map(reason -> name + ": " + reason);
            if (refusal.isPresent()) {
                notJudged.add(new NotJudged(folder, listed, refusal.get()));
                return Optional.empty();
            }
            String content = constants.inProgram(file, archive.program(file));
            chars += content.length();
            if (chars > archive.limits().maxProgramBytes()) {
                throw new InvalidPackageException(
                        listed, "its files are over " + archive.limits().maxProgramBytes() + " bytes", true);
            }
            Optional<String> language = languages.forPackageFile(name, firstLine(content));
            if (language.isPresent()) {
                found.add(language.get());
                sources.add(name);
            }
            files.put(name, content);
        }
        String why = found.size() != 1
                ? (found.isEmpty()
                        ? "it has no source in a language this judge runs"
                        : "its sources are in several languages " + found)
                : notSubmittable(found.iterator().next());
        if (why != null) {
            notJudged.add(new NotJudged(folder, listed, why));
            return Optional.empty();
        }
        var language = languages.findForSubmissions(found.iterator().next()).orElseThrow();
        Optional<String> entry = sources.size() == 1
                ? Optional.of(sources.getFirst())
                : DEFAULT_ENTRY_POINTS.getOrDefault(language.packageCode(), List.of()).stream()
                        .filter(files::containsKey)
                        .findFirst()
                        .or(() -> language.extraSources().isEmpty()
                                ? Optional.empty()
                                : sources.stream()
                                        .filter(name -> name.startsWith("main."))
                                        .findFirst()
                                        .or(() -> Optional.of(sources.getFirst())));
        if (entry.isEmpty()) {
            notJudged.add(new NotJudged(
                    folder,
                    listed,
                    "it has several sources and no entry point the format names for " + language.id()
                            + " ("
                            + String.join(
                                    ", ", DEFAULT_ENTRY_POINTS.getOrDefault(language.packageCode(), List.of("none")))
                            + ")"));
            return Optional.empty();
        }
        String source = files.remove(entry.get());
        String python2 = python2(entry.get(), source);
        if (python2 != null) {
            notJudged.add(new NotJudged(folder, listed, python2));
            return Optional.empty();
        }
        if (files.containsKey(language.sourceFile())) {
            notJudged.add(new NotJudged(
                    folder,
                    listed,
                    "its entry point, " + entry.get() + ", is saved as " + language.sourceFile()
                            + ", which another of its files is called"));
            return Optional.empty();
        }
        return Optional.of(new Submission(folder, new Program(listed, language.id(), source, files)));
    }

    /** Why a {@code .py} of a submission is not judged: Python 2 by its statements ({@link Python2Source}); null when not. */
    private static String python2(String name, String source) {
        OptionalInt line = name.endsWith(".py") ? Python2Source.statementLine(source) : OptionalInt.empty();
        return line.isPresent()
                ? "it is Python 2 (its line " + line.getAsInt()
                        + " is a statement only Python 2 reads), which this judge does not run"
                : null;
    }

    /** Why a submission in this language is not judged here; null when it is. */
    private String notSubmittable(String language) {
        if (languages.findForSubmissions(language).isEmpty()) {
            return "its language, " + language + ", is for input validators alone";
        }
        if (!allowed.isEmpty() && !allowed.contains(language)) {
            return "its language, " + language + ", is not one of problem.yaml's languages";
        }
        return null;
    }

    /** Whether a path under the package is one the format says to ignore: a name beginning with '.' or '-'. */
    private static boolean ignored(String relative) {
        for (String name : relative.split("/")) {
            if (name.startsWith(".") || name.startsWith("-")) {
                return true;
            }
        }
        return false;
    }

    /** A YAML file of the package, read safely: no tags to classes, aliases and depth bounded. */
    private Map<String, Object> yaml(String path) throws IOException {
        return yaml(path, archive.text(path, MAX_YAML_BYTES));
    }

    private static Map<String, Object> yaml(String path, String text) {
        LoaderOptions options = loaderOptions();
        Object read;
        try {
            refuseAliasesThatMultiply(path, new Yaml(options).parse(new StringReader(text)));
            read = new Yaml(new SafeConstructor(options)).load(text);
        } catch (YAMLException e) {
            throw new InvalidPackageException(
                    path, "it is not YAML this judge reads (" + firstLine(e.getMessage()) + ")");
        }
        if (read == null) {
            return Map.of();
        }
        if (!(read instanceof Map<?, ?> map)) {
            throw new InvalidPackageException(path, "it is not a map of keys");
        }
        Map<String, Object> keyed = new TreeMap<>();
        map.forEach((key, value) -> keyed.put(String.valueOf(key), value));
        return keyed;
    }

    private static LoaderOptions loaderOptions() {
        LoaderOptions options = new LoaderOptions();
        options.setAllowDuplicateKeys(false);
        options.setMaxAliasesForCollections(20);
        options.setNestingDepthLimit(MAX_YAML_DEPTH);
        options.setCodePointLimit(MAX_YAML_BYTES);
        return options;
    }

    /**
     * SnakeYAML bounds aliases of collections, not of scalars: a 429-byte file aliasing one 8 KB scalar
     * 1,024 times built 8.4 MB in the API's heap. And a collection that holds an alias of itself is built
     * as a cycle, which reading it recursed through to a StackOverflowError. One pass over the parser's
     * events, linear in the file, counts every alias and refuses one to a collection still open.
     */
    private static void refuseAliasesThatMultiply(String path, Iterable<Event> events) {
        int aliases = 0;
        Deque<String> open = new ArrayDeque<>(); // the anchors of the collections being read ("" when none)
        for (Event event : events) {
            if (event instanceof CollectionStartEvent start) {
                open.push(start.getAnchor() == null ? "" : start.getAnchor());
            } else if (event instanceof CollectionEndEvent) {
                open.pop();
            } else if (event instanceof AliasEvent alias) {
                if (++aliases > MAX_YAML_ALIASES) {
                    throw new InvalidPackageException(path, "it has over " + MAX_YAML_ALIASES + " aliases");
                }
                if (open.contains(alias.getAnchor())) {
                    throw new InvalidPackageException(
                            path, "an alias (*" + alias.getAnchor() + ") is inside what it names");
                }
            }
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Map<String, Object> yaml, String key) {
        Object value = yaml.get(key);
        if (value == null) {
            return Map.of();
        }
        if (!(value instanceof Map<?, ?>)) {
            throw invalid("its " + key + " is not a map");
        }
        return (Map<String, Object>) value;
    }

    private static String string(Map<String, Object> yaml, String key, String otherwise) {
        Object value = yaml.get(key);
        return value == null ? otherwise : String.valueOf(value).strip().toLowerCase(Locale.ROOT);
    }

    private static Double number(Map<String, Object> yaml, String key) {
        Object value = yaml.get(key);
        if (value == null) {
            return null;
        }
        if (value instanceof Number number) {
            return number.doubleValue();
        }
        throw invalid("its " + key + " is not a number");
    }

    private static List<String> words(String text) {
        String stripped = text.strip();
        return stripped.isEmpty() ? List.of() : List.of(stripped.split("\\s+"));
    }

    private static InvalidPackageException invalid(String reason) {
        return new InvalidPackageException(PROBLEM_YAML, reason);
    }
}
