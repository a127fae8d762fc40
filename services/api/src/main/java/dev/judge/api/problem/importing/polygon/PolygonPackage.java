package dev.judge.api.problem.importing.polygon;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;

import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.SAXException;

import dev.judge.api.problem.importing.archive.InvalidPackageException;
import dev.judge.api.problem.importing.archive.OpenedPackage;
import dev.judge.api.problem.importing.archive.PackageArchive;
import dev.judge.contracts.ProgramFiles;
import dev.judge.contracts.language.Language;
import dev.judge.contracts.language.LanguageCatalog;

/**
 * A Polygon package, as Polygon exports it (problem.xml beside tests/, files/, solutions/), read into
 * what the judge stores: the "tests" testset's limits, tests (the inputs and answers the package
 * carries, and the generator commands of the generated ones it does not), groups and points, the
 * checker (a {@code std::} one by the copy of its source the package carries), the interactor, the
 * first validator, the generators the tests call, the tagged solutions, and the graders its resources for
 * solutions make ({@link Grader}); a run-twice problem is refused. Everything a hostile package could turn against the API is
 * bounded or refused, naming the file: entries are read only by the paths problem.xml names (no
 * {@code ..}, no absolute path), each within its size and all within the package's, problem.xml without
 * DTDs or entities and at most {@value #MAX_XML_DEPTH} deep, path patterns of one {@code %d}, every text
 * scanned in time linear in its length. Tests are not read with the rest: {@link #testFile} reads one at
 * a time, so that what a package holds is never in memory at once.
 */
public final class PolygonPackage extends OpenedPackage<PolygonPackage.Problem> {

    /**
     * @param files more files beside it by name (the package's headers: testlib.h and the like)
     * @param standard the C or C++ standard its type names (cpp.g++17: c++17); null for the catalog's
     */
    public record Program(
            String path, String language, String sourceCode, Map<String, String> files, String standard) {}

    /**
     * @param input where the package carries its input ({@link #testFile}); null when it does not:
     *        {@code generator} makes it
     * @param answer where the package carries its answer; null when it does not: the main solution makes it
     * @param group null in a problem without groups
     * @param points null when the package gives none
     * @param generator the name of the executable that prints the input (Polygon's {@code cmd}); null
     *        when the package carries the input
     * @param arguments the generator's, as {@code cmd} gives them after its name
     * @param sample Polygon's {@code sample="true"}: shown to contestants in the statement, and in full
     *        whatever the problem's feedback policy
     */
    public record Test(
            String input,
            String answer,
            String group,
            Double points,
            String generator,
            List<String> arguments,
            boolean sample) {}

    /**
     * @param eachTest Polygon's points-policy "each-test": each test scores its own points, rather
     *        than the group its points only when every test passes ("complete-group")
     */
    public record Group(String name, Double points, boolean eachTest, List<String> dependsOn) {}

    public record Solution(String tag, Program program) {}

    /**
     * A language's grader (IOI's function tasks), from the package's resources for solutions.
     *
     * @param solutionFile what a contestant's source is saved as: {@value #SOLUTION_STEM} with the
     *        language's extension ({@code solution.cpp}, {@code solution.py}, {@code Solution.java})
     * @param files by the names they are saved as beside it, the grader's own source (its entry point)
     *        as the language's source file ({@code main.cpp}, {@code main.py}, {@code Main.java})
     */
    public record Grader(String solutionFile, Map<String, String> files) {}

    /**
     * @param generators the executables its tests' {@code cmd}s call, by name
     * @param graders by language id; empty for a problem whose solutions are whole programs
     */
    public record Problem(
            String title,
            int timeLimitMs,
            long memoryLimitBytes,
            Program checker,
            Program interactor,
            Program validator,
            List<Group> groups,
            List<Test> tests,
            List<Solution> solutions,
            Map<String, Program> generators,
            Map<String, Grader> graders) {

        public Problem {
            graders = graders == null ? Map.of() : Map.copyOf(graders);
        }

        /** The solution tagged main, which makes the answers the package does not carry; null for none. */
        public Program mainSolution() {
            return solutions.stream()
                    .filter(solution -> solution.tag().equals("main"))
                    .map(Solution::program)
                    .findFirst()
                    .orElse(null);
        }
    }

    public static final String PROBLEM_XML = "problem.xml";
    /** One {@code %d}, or {@code %0Nd} (Polygon's {@code tests/%02d}): what String.format takes of an int. */
    private static final Pattern PATH_PATTERN = Pattern.compile("[A-Za-z0-9_./+-]*%(0[1-9])?d[A-Za-z0-9_./+-]*");
    /** problem.xml nests six deep; deeper is refused before anything walks it. */
    private static final int MAX_XML_DEPTH = 32;

    private static final long MAX_PROBLEM_XML_BYTES = 1 << 20;
    private static final Pattern CPP_STANDARD = Pattern.compile("g\\+\\+(11|14|17|20|23)$");
    /** The name a contestant's source takes beside a grader, as the spec of problem.xml names it. */
    static final String SOLUTION_STEM = "solution";

    private final PackageArchive.Limits limits;
    /** What each of its headers includes, by name: each is scanned once. */
    private final Map<String, List<String>> scannedHeaders = new HashMap<>();

    private final LanguageCatalog languages;

    private PolygonPackage(PackageArchive archive, LanguageCatalog languages) {
        super(archive);
        this.limits = archive.limits();
        this.languages = languages;
    }

    /**
     * Opens a package and reads all but its tests; close it when its tests are read.
     *
     * @param languages what each program's source type is: the catalog's {@code polygon-types}
     * @param withSolutions whether every tagged solution is read (to be judged), or only the main one
     * @throws InvalidPackageException for a package this judge does not take, naming the file and why
     */
    public static PolygonPackage open(
            Path file, PackageArchive.Limits limits, LanguageCatalog languages, boolean withSolutions)
            throws IOException {
        return open(PackageArchive.open(file, limits), languages, withSolutions);
    }

    /** As {@link #open(Path, PackageArchive.Limits, LanguageCatalog, boolean)}, of an archive opened; it closes it. */
    public static PolygonPackage open(PackageArchive archive, LanguageCatalog languages, boolean withSolutions)
            throws IOException {
        PolygonPackage opened = new PolygonPackage(archive, languages);
        opened.read(() -> opened.readProblem(withSolutions));
        return opened;
    }

    private Problem readProblem(boolean withSolutions) throws IOException {
        Element problem = problemXml().getDocumentElement();
        if (!problem.getTagName().equals("problem")) {
            throw invalid("its root element is <" + problem.getTagName() + ">, not <problem>");
        }
        Element judging = first(problem, "judging");
        refuseRunTwice(problem, judging);
        Element testset = child(judging, "testset", "name", "tests")
                .orElseThrow(() -> invalid("it has no <judging><testset name=\"tests\">"));
        int timeLimitMs = integer(text(testset, "time-limit"), "time-limit");
        long memoryLimit = integer(text(testset, "memory-limit"), "memory-limit");
        Element assets = first(problem, "assets");
        Map<String, String> headers = headers(first(problem, "files"));
        List<Test> tests = tests(testset);
        return new Problem(
                title(problem),
                timeLimitMs,
                memoryLimit,
                program(first(assets, "checker"), headers),
                program(first(assets, "interactor"), headers),
                program(first(first(assets, "validators"), "validator"), headers),
                groups(testset),
                tests,
                solutions(first(assets, "solutions"), headers, withSolutions, tests),
                generators(first(first(problem, "files"), "executables"), tests, headers),
                graders(first(problem, "files")));
    }

    /**
     * Polygon's run-twice problems (run-count="2", or the tag run-twice) feed a first run's output,
     * through the checker or interactor, to a second run by a protocol of Polygon's own: judged as a
     * problem of one run they would get wrong verdicts, so they are refused by name.
     */
    private static void refuseRunTwice(Element problem, Element judging) {
        String runCount =
                judging == null ? "" : judging.getAttribute("run-count").strip();
        boolean tagged = children(first(problem, "tags"), "tag").stream()
                .anyMatch(tag -> tag.getAttribute("value").equals("run-twice"));
        if (!runCount.isEmpty() && !runCount.equals("1") || tagged) {
            throw invalid(
                    "it is a run-twice problem (run-count=\"" + runCount + "\"" + (tagged ? ", tag run-twice" : "")
                            + "), which this judge does not import; its multi-pass problems (\"passes\") are Kattis' kind");
        }
    }

    /** A resource compiled with the contestant's source: {@code <asset name="solution"/>}, stage compile. */
    private record SolutionResource(String path, String name, String type, List<String> forTypes, String content) {}

    /**
     * The graders its resources for solutions make, by language: each language that one of them is for
     * and that has a source of its own type among them (its entry point) gets them all, the entry point
     * saved as the language's source file. A resource for no language here, an entry point that is
     * not one file, a name that is not one plain file name, or two files at one name, is refused.
     */
    private Map<String, Grader> graders(Element files) throws IOException {
        List<SolutionResource> resources = new ArrayList<>();
        for (Element file : children(first(files, "resources"), "file")) {
            if (!names(first(file, "assets"), "asset").contains("solution")) {
                continue;
            }
            String path = file.getAttribute("path");
            Set<String> stages = names(first(file, "stages"), "stage");
            if (!stages.equals(Set.of("compile"))) {
                throw new InvalidPackageException(
                        path,
                        "it is for solutions at stage " + stages + "; this judge takes files for solutions at "
                                + "stage compile only (graders and their headers)");
            }
            String name = file.hasAttribute("location")
                    ? file.getAttribute("location")
                    : path.substring(path.lastIndexOf('/') + 1);
            ProgramFiles.refusal(name).ifPresent(reason -> {
                throw new InvalidPackageException(path, "it is to be placed as \"" + name + "\": " + reason);
            });
            String masks =
                    file.hasAttribute("for-types") ? file.getAttribute("for-types") : file.getAttribute("for-type");
            List<String> forTypes = Arrays.stream(masks.split("[;:]"))
                    .map(String::strip)
                    .filter(mask -> !mask.isEmpty())
                    .toList();
            if (forTypes.isEmpty()) {
                throw new InvalidPackageException(
                        path, "it is for solutions and has no for-type to say of which languages");
            }
            resources.add(new SolutionResource(
                    archive.checkedPath(path), name, file.getAttribute("type"), forTypes, archive.program(path)));
        }
        Map<String, Grader> graders = new TreeMap<>();
        for (var language : languages.languages().values()) {
            List<SolutionResource> forIt = resources.stream()
                    .filter(resource -> resource.forTypes().stream().anyMatch(language::polygonCovers))
                    .toList();
            List<SolutionResource> sources = forIt.stream()
                    .filter(resource -> languages
                            .forPolygonType(resource.type())
                            .filter(language.id()::equals)
                            .isPresent())
                    .toList();
            if (!sources.isEmpty()) {
                graders.put(language.id(), grader(language, forIt, sources));
            }
        }
        if (!resources.isEmpty() && graders.isEmpty()) {
            throw new InvalidPackageException(
                    resources.getFirst().path(),
                    "it is for solutions in " + resources.getFirst().forTypes()
                            + ", and no language this judge runs has a grader source among the package's files for "
                            + "solutions (" + languages.polygonLanguageNames() + ")");
        }
        return graders;
    }

    private static Grader grader(Language language, List<SolutionResource> files, List<SolutionResource> sources) {
        String sourceFile = language.sourceFile();
        SolutionResource entry = sources.stream()
                .filter(source -> source.name().equals(sourceFile))
                .findFirst()
                .orElse(sources.size() == 1 ? sources.getFirst() : null);
        if (entry == null) {
            throw new InvalidPackageException(
                    sources.getFirst().path(),
                    "the " + language.id() + " grader has several sources ("
                            + String.join(
                                    ", ",
                                    sources.stream().map(SolutionResource::name).toList())
                            + ") and none is placed as " + sourceFile + ", its entry point");
        }
        if (files.size() > ProgramFiles.MAX_FILES) {
            throw new InvalidPackageException(
                    files.getFirst().path(),
                    "the " + language.id() + " grader has " + files.size() + " files; this judge takes up to "
                            + ProgramFiles.MAX_FILES,
                    true);
        }
        String solutionFile = solutionFile(sourceFile);
        Map<String, String> saved = new TreeMap<>();
        for (SolutionResource file : files) {
            String name = file == entry ? sourceFile : file.name();
            if (name.equals(solutionFile) || saved.put(name, file.content()) != null) {
                throw new InvalidPackageException(
                        file.path(),
                        "the " + language.id() + " grader would save two files as " + name
                                + (name.equals(solutionFile) ? ", the name the contestant's source is saved as" : ""));
            }
        }
        return new Grader(solutionFile, saved);
    }

    /** {@value #SOLUTION_STEM} with the source file's extension and the case of its first letter. */
    static String solutionFile(String sourceFile) {
        int dot = sourceFile.indexOf('.');
        String stem = Character.isUpperCase(sourceFile.charAt(0))
                ? Character.toUpperCase(SOLUTION_STEM.charAt(0)) + SOLUTION_STEM.substring(1)
                : SOLUTION_STEM;
        return dot < 0 ? stem : stem + sourceFile.substring(dot);
    }

    /** The {@code name} attributes of an element's children of this tag, in lower case (Polygon writes both). */
    private static Set<String> names(Element parent, String tag) {
        Set<String> names = new TreeSet<>();
        children(parent, tag)
                .forEach(child -> names.add(child.getAttribute("name").toLowerCase(Locale.ROOT)));
        return names;
    }

    private Document problemXml() throws IOException {
        String xml = archive.text(PROBLEM_XML, MAX_PROBLEM_XML_BYTES);
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            // A hostile package's XML reads no file and no URL, and expands no entity: no DTD at all.
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            factory.setAttribute(XMLConstants.ACCESS_EXTERNAL_DTD, "");
            factory.setAttribute(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
            factory.setAttribute("http://www.oracle.com/xml/jaxp/properties/maxElementDepth", MAX_XML_DEPTH);
            factory.setXIncludeAware(false);
            factory.setExpandEntityReferences(false);
            var builder = factory.newDocumentBuilder();
            builder.setErrorHandler(null);
            return builder.parse(new org.xml.sax.InputSource(new java.io.StringReader(xml)));
        } catch (SAXException e) {
            throw invalid("it is not XML this judge reads (" + e.getMessage() + ")");
        } catch (ParserConfigurationException e) {
            throw new IllegalStateException("The JDK's XML parser takes these features", e);
        }
    }

    private static String title(Element problem) {
        for (Element name : children(first(problem, "names"), "name")) {
            if (name.getAttribute("language").equals("english")
                    && !name.getAttribute("value").isBlank()) {
                return name.getAttribute("value");
            }
        }
        List<Element> names = children(first(problem, "names"), "name");
        if (!names.isEmpty() && !names.getFirst().getAttribute("value").isBlank()) {
            return names.getFirst().getAttribute("value");
        }
        String shortName = problem.getAttribute("short-name");
        return shortName.isBlank() ? "Imported problem" : shortName;
    }

    private List<Test> tests(Element testset) throws IOException {
        List<Element> tests = children(first(testset, "tests"), "test");
        if (tests.isEmpty()) {
            throw invalid("its testset \"tests\" has no tests");
        }
        if (tests.size() > limits.maxTests()) {
            throw new InvalidPackageException(
                    PROBLEM_XML,
                    "it has " + tests.size() + " tests; this judge takes up to " + limits.maxTests(),
                    true);
        }
        String inputs = pattern(text(testset, "input-path-pattern"), "input-path-pattern");
        String answers = pattern(text(testset, "answer-path-pattern"), "answer-path-pattern");
        List<Test> read = new ArrayList<>();
        for (int index = 1; index <= tests.size(); index++) {
            Element test = tests.get(index - 1);
            String input = String.format(Locale.ROOT, inputs, index);
            String answer = String.format(Locale.ROOT, answers, index);
            String generator = null;
            List<String> arguments = List.of();
            if (!archive.has(input)) {
                if (!test.getAttribute("method").equals("generated")) {
                    throw new InvalidPackageException(
                            input, "test " + index + " is not generated and its input is not in the package");
                }
                if (test.hasAttribute("from-file")) {
                    throw new InvalidPackageException(
                            input,
                            "test " + index + " is one of several files its generator writes "
                                    + "(from-file); this judge runs generators that print one test: export the package with its tests");
                }
                List<String> command = List.of(test.getAttribute("cmd").strip().split("\\s+"));
                if (command.getFirst().isEmpty()) {
                    throw invalid("test " + index + " is generated and has no cmd");
                }
                generator = command.getFirst();
                arguments = command.subList(1, command.size());
            }
            String points = test.getAttribute("points");
            read.add(new Test(
                    generator == null ? archive.checkedPath(input) : null,
                    !archive.has(answer) ? null : archive.checkedPath(answer),
                    test.hasAttribute("group") ? test.getAttribute("group") : null,
                    points.isBlank() ? null : number(points, "points of test " + index),
                    generator,
                    arguments,
                    test.getAttribute("sample").equals("true")));
        }
        return read;
    }

    private static List<Group> groups(Element testset) {
        List<Group> groups = new ArrayList<>();
        for (Element group : children(first(testset, "groups"), "group")) {
            String points = group.getAttribute("points");
            List<String> dependsOn = children(first(group, "dependencies"), "dependency").stream()
                    .map(dependency -> dependency.getAttribute("group"))
                    .toList();
            groups.add(new Group(
                    group.getAttribute("name"),
                    points.isBlank() ? null : number(points, "points of group " + group.getAttribute("name")),
                    group.getAttribute("points-policy").equals("each-test"),
                    dependsOn));
        }
        return groups;
    }

    /**
     * The tagged solutions to judge ({@code withSolutions}), or only the main one where it makes answers:
     * a package's other solutions are not read.
     */
    private List<Solution> solutions(
            Element solutions, Map<String, String> headers, boolean withSolutions, List<Test> tests)
            throws IOException {
        List<Element> all = children(solutions, "solution");
        if (withSolutions && all.size() > limits.maxSolutions()) {
            throw invalid("it has " + all.size() + " solutions; an import judges up to " + limits.maxSolutions());
        }
        boolean answersToMake = tests.stream().anyMatch(test -> test.answer() == null);
        List<Solution> read = new ArrayList<>();
        for (Element solution : all) {
            Element source = first(solution, "source");
            String tag = solution.getAttribute("tag");
            if (tag.isBlank() && source != null) {
                tag = descriptionTag(source.getAttribute("path"));
            }
            if (withSolutions || answersToMake && tag.equals("main")) {
                read.add(new Solution(tag, program(solution, headers)));
            }
        }
        return read;
    }

    /**
     * The tag a standard package's {@code <source>.desc} gives ({@code Tag: TIME_LIMIT_EXCEEDED}), in
     * problem.xml's spelling ({@code time-limit-exceeded}), for a solution problem.xml gives none; empty
     * for none.
     */
    private String descriptionTag(String sourcePath) throws IOException {
        String description = sourcePath + ".desc";
        if (!archive.has(description)) {
            return "";
        }
        return archive.text(description, MAX_PROBLEM_XML_BYTES)
                .lines()
                .filter(line -> line.startsWith("Tag:"))
                .map(line -> line.substring("Tag:".length())
                        .strip()
                        .toLowerCase(Locale.ROOT)
                        .replace('_', '-'))
                .findFirst()
                .orElse("");
    }

    /**
     * The executables the tests' commands call, named as Polygon names them: by their source's file
     * name without its extension (files/gen.cpp is "gen"). Others are not read.
     */
    private Map<String, Program> generators(Element executables, List<Test> tests, Map<String, String> headers)
            throws IOException {
        Map<String, Element> byName = new HashMap<>();
        for (Element executable : children(executables, "executable")) {
            byName.putIfAbsent(executableName(first(executable, "source")), executable);
        }
        Map<String, Program> generators = new TreeMap<>();
        for (Test test : tests) {
            if (test.generator() == null || generators.containsKey(test.generator())) {
                continue;
            }
            Element executable = byName.get(test.generator());
            if (executable == null) {
                throw invalid("a test's cmd calls \"" + test.generator() + "\", which is not one of its "
                        + "executables (files/" + test.generator() + ".cpp or the like)");
            }
            generators.put(test.generator(), program(executable, headers));
        }
        return generators;
    }

    private static String executableName(Element source) {
        if (source == null) {
            return null;
        }
        String path = source.getAttribute("path");
        String name = path.substring(path.lastIndexOf('/') + 1);
        return name.contains(".") ? name.substring(0, name.lastIndexOf('.')) : name;
    }

    /** The package's resources that a program includes (testlib.h and other headers), by file name. */
    private Map<String, String> headers(Element files) throws IOException {
        Map<String, String> headers = new LinkedHashMap<>();
        for (Element file : children(first(files, "resources"), "file")) {
            String path = file.getAttribute("path");
            String name = path.substring(path.lastIndexOf('/') + 1);
            if (name.endsWith(".h") || name.endsWith(".hpp")) {
                headers.put(name, archive.program(path));
            }
        }
        return headers;
    }

    /** A checker, interactor, validator or solution: its {@code <source path type>}; null for none. */
    private Program program(Element asset, Map<String, String> headers) throws IOException {
        Element source = first(asset, "source");
        if (source == null) {
            return null;
        }
        String path = source.getAttribute("path");
        String type = source.getAttribute("type");
        String language = languages
                .forPolygonType(type)
                .orElseThrow(() -> new InvalidPackageException(
                        path,
                        "its type \"" + type + "\" is not a language this judge runs ("
                                + languages.polygonLanguageNames() + ")"));
        String sourceCode = archive.program(path);
        return new Program(path, language, sourceCode, included(sourceCode, headers, scannedHeaders), standard(type));
    }

    /**
     * The package's headers that a source includes, and those they include: only these go beside it, so
     * that a package's many programs do not each carry every header (a solution rarely includes testlib.h).
     */
    static Map<String, String> included(String sourceCode, Map<String, String> headers) {
        return included(sourceCode, headers, new HashMap<>());
    }

    /**
     * As {@link #included(String, Map)}, with what each header includes kept in {@code scanned}: a header
     * is scanned once per package however many of its programs include it.
     */
    private static Map<String, String> included(
            String sourceCode, Map<String, String> headers, Map<String, List<String>> scanned) {
        Map<String, String> included = new TreeMap<>();
        ArrayDeque<List<String>> toFollow = new ArrayDeque<>(List.of(includes(sourceCode)));
        while (!toFollow.isEmpty()) {
            for (String path : toFollow.pop()) {
                String name = path.substring(path.lastIndexOf('/') + 1);
                if (headers.containsKey(name) && !included.containsKey(name)) {
                    included.put(name, headers.get(name));
                    toFollow.push(scanned.computeIfAbsent(name, header -> includes(headers.get(header))));
                }
            }
        }
        return included;
    }

    /**
     * What a C or C++ source's {@code #include <...>} and {@code #include "..."} lines name, read line by
     * line: each character is looked at a bounded number of times, whatever the text (a regular
     * expression whose {@code \s*} crossed lines took quadratic time over a file of newlines).
     */
    static List<String> includes(String source) {
        List<String> names = new ArrayList<>();
        int length = source.length();
        for (int line = 0; line < length; ) {
            int end = source.indexOf('\n', line);
            end = end < 0 ? length : end;
            int at = blanks(source, line, end);
            if (at < end && source.charAt(at) == '#') {
                at = blanks(source, at + 1, end);
                if (source.startsWith("include", at) && at + "include".length() <= end) {
                    at = blanks(source, at + "include".length(), end);
                    char open = at < end ? source.charAt(at) : 0;
                    char close = open == '<' ? '>' : open == '"' ? '"' : 0;
                    int closing = close == 0 ? -1 : indexOf(source, close, at + 1, end);
                    if (closing > at + 1) {
                        names.add(source.substring(at + 1, closing));
                    }
                }
            }
            line = end + 1;
        }
        return names;
    }

    /** Where the spaces and tabs from {@code from} end, at most {@code end}. */
    private static int blanks(String text, int from, int end) {
        int at = from;
        while (at < end && (text.charAt(at) == ' ' || text.charAt(at) == '\t' || text.charAt(at) == '\r')) {
            at++;
        }
        return at;
    }

    private static int indexOf(String text, char wanted, int from, int end) {
        for (int at = from; at < end; at++) {
            if (text.charAt(at) == wanted) {
                return at;
            }
        }
        return -1;
    }

    /** The C++ standard a Polygon type names by its compiler's suffix (g++17, g++20, g++23...); null for none. */
    static String standard(String type) {
        Matcher standard = CPP_STANDARD.matcher(type);
        return type.startsWith("cpp.") && standard.find() ? "c++" + standard.group(1) : null;
    }

    private static String pattern(String pattern, String what) {
        if (pattern == null || !PATH_PATTERN.matcher(pattern).matches() || pattern.contains("..")) {
            throw invalid("its " + what + " is not a path with one %d (such as tests/%02d)");
        }
        return pattern;
    }

    private static int integer(String text, String what) {
        try {
            return Integer.parseInt(text == null ? "" : text.strip());
        } catch (NumberFormatException e) {
            throw invalid("its " + what + " is not a whole number");
        }
    }

    private static double number(String text, String what) {
        try {
            double value = Double.parseDouble(text.strip());
            if (!Double.isFinite(value) || value < 0) {
                throw new NumberFormatException();
            }
            return value;
        } catch (NumberFormatException e) {
            throw invalid("the " + what + " is not a number of 0 or more");
        }
    }

    /** A refusal of the package for what its problem.xml says. */
    public static InvalidPackageException invalid(String reason) {
        return new InvalidPackageException(PROBLEM_XML, reason);
    }

    /** A package that is too large for this judge in a way its limits on files do not catch: 413. */
    public static InvalidPackageException tooLarge(String reason) {
        return new InvalidPackageException(PROBLEM_XML, reason, true);
    }

    private static String text(Element parent, String tag) {
        Element child = first(parent, tag);
        return child == null ? null : child.getTextContent();
    }

    private static Element first(Element parent, String tag) {
        List<Element> found = children(parent, tag);
        return found.isEmpty() ? null : found.getFirst();
    }

    private static Optional<Element> child(Element parent, String tag, String attribute, String value) {
        return children(parent, tag).stream()
                .filter(child -> child.getAttribute(attribute).equals(value))
                .findFirst();
    }

    /** The element's child elements of this tag, in order; none for a null parent. */
    private static List<Element> children(Element parent, String tag) {
        List<Element> found = new ArrayList<>();
        if (parent == null) {
            return found;
        }
        for (Node node = parent.getFirstChild(); node != null; node = node.getNextSibling()) {
            if (node instanceof Element element && element.getTagName().equals(tag)) {
                found.add(element);
            }
        }
        return found;
    }
}
