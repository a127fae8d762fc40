package dev.judge.api.problem.polygon;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;

import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.SAXException;

/**
 * A Polygon package, as Polygon exports it (problem.xml beside tests/, files/, solutions/), read into
 * what the judge stores: the "tests" testset's limits, tests (the inputs and answers the package
 * carries, and the generator commands of the generated ones it does not), groups and points, the
 * checker (a {@code std::} one by the copy of its source the package carries), the interactor, the
 * first validator, the generators the tests call, and the tagged solutions. Everything a hostile package could turn against the API is
 * bounded or refused, naming the file: entries are read only by the paths problem.xml names (no
 * {@code ..}, no absolute path), each within its size and all within the package's, problem.xml without
 * DTDs or entities, path patterns of one {@code %d}.
 */
public final class PolygonPackage {

    /** What a package may hold. */
    public record Limits(long maxFileBytes, long maxUnpackedBytes, int maxTests) {}

    /**
     * @param files more files beside it by name (the package's headers: testlib.h and the like)
     * @param standard the C or C++ standard its type names (cpp.g++17: c++17); null for the catalog's
     */
    public record Program(
            String path, String language, String sourceCode, Map<String, String> files, String standard) {}

    /**
     * @param input null when the package does not carry it: {@code generator} makes it
     * @param answer null when the package does not carry it: the main solution makes it
     * @param group null in a problem without groups
     * @param points null when the package gives none
     * @param generator the name of the executable that prints the input (Polygon's {@code cmd}); null
     *        when the package carries the input
     * @param arguments the generator's, as {@code cmd} gives them after its name
     */
    public record Test(
            String input, String answer, String group, Double points, String generator, List<String> arguments) {}

    /**
     * @param eachTest Polygon's points-policy "each-test": each test scores its own points, rather
     *        than the group its points only when every test passes ("complete-group")
     */
    public record Group(String name, Double points, boolean eachTest, List<String> dependsOn) {}

    public record Solution(String tag, Program program) {}

    /** @param generators the executables its tests' {@code cmd}s call, by name */
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
            Map<String, Program> generators) {

        /** The solution tagged main, which makes the answers the package does not carry; null for none. */
        public Program mainSolution() {
            return solutions.stream()
                    .filter(solution -> solution.tag().equals("main"))
                    .map(Solution::program)
                    .findFirst()
                    .orElse(null);
        }
    }

    /** A package refused: {@code file} is the one at fault (problem.xml for its content). */
    public static final class InvalidPackageException extends RuntimeException {

        private final String file;
        private final boolean tooLarge;

        InvalidPackageException(String file, String reason, boolean tooLarge) {
            super(reason);
            this.file = file;
            this.tooLarge = tooLarge;
        }

        InvalidPackageException(String file, String reason) {
            this(file, reason, false);
        }

        public String file() {
            return file;
        }

        public boolean tooLarge() {
            return tooLarge;
        }
    }

    static final String PROBLEM_XML = "problem.xml";
    private static final Pattern SAFE_PATH =
            Pattern.compile("[A-Za-z0-9_][A-Za-z0-9_.+-]*(/[A-Za-z0-9_][A-Za-z0-9_.+-]*)*");
    private static final Pattern PATH_PATTERN = Pattern.compile("[A-Za-z0-9_./+-]*%0?[1-9]?d[A-Za-z0-9_./+-]*");
    private static final long MAX_PROBLEM_XML_BYTES = 1 << 20;
    private static final Pattern CPP_STANDARD = Pattern.compile("g\\+\\+(11|14|17|20|23)$");

    private final ZipFile zip;
    private final Limits limits;
    private long unpacked;

    private PolygonPackage(ZipFile zip, Limits limits) {
        this.zip = zip;
        this.limits = limits;
    }

    /** @throws InvalidPackageException for a package this judge does not take, naming the file and why */
    public static Problem read(Path file, Limits limits) throws IOException {
        ZipFile zip;
        try {
            zip = new ZipFile(file.toFile(), StandardCharsets.UTF_8);
        } catch (java.util.zip.ZipException e) {
            throw new InvalidPackageException("(the package)", "not a zip file: " + e.getMessage());
        }
        try (zip) {
            return new PolygonPackage(zip, limits).read();
        }
    }

    private Problem read() throws IOException {
        Element problem = problemXml().getDocumentElement();
        if (!problem.getTagName().equals("problem")) {
            throw invalid("its root element is <" + problem.getTagName() + ">, not <problem>");
        }
        Element testset = child(first(problem, "judging"), "testset", "name", "tests")
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
                solutions(first(assets, "solutions"), headers),
                generators(first(first(problem, "files"), "executables"), tests, headers));
    }

    private Document problemXml() throws IOException {
        String xml = entry(PROBLEM_XML, MAX_PROBLEM_XML_BYTES);
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            // A hostile package's XML reads no file and no URL, and expands no entity: no DTD at all.
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            factory.setAttribute(XMLConstants.ACCESS_EXTERNAL_DTD, "");
            factory.setAttribute(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
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
            if (zip.getEntry(input) == null) {
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
                    generator == null ? testFile(input) : null,
                    zip.getEntry(answer) == null ? null : testFile(answer),
                    test.hasAttribute("group") ? test.getAttribute("group") : null,
                    points.isBlank() ? null : number(points, "points of test " + index),
                    generator,
                    arguments));
        }
        return read;
    }

    /**
     * A test's input or answer with Unix line ends: a package made on Windows (Polygon's Windows
     * package, a setter's editor) carries CRLF, which a testlib validator on Linux rejects ("Expected
     * EOLN") and Polygon itself converts for the platform it runs on.
     */
    private String testFile(String path) throws IOException {
        return entry(path, limits.maxFileBytes()).replace("\r\n", "\n");
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

    private List<Solution> solutions(Element solutions, Map<String, String> headers) throws IOException {
        List<Solution> read = new ArrayList<>();
        for (Element solution : children(solutions, "solution")) {
            Program program = program(solution, headers);
            String tag = solution.getAttribute("tag");
            read.add(new Solution(tag.isBlank() && program != null ? descriptionTag(program.path()) : tag, program));
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
        if (zip.getEntry(description) == null) {
            return "";
        }
        return entry(description, MAX_PROBLEM_XML_BYTES)
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
        Map<String, Program> generators = new TreeMap<>();
        for (Test test : tests) {
            if (test.generator() == null || generators.containsKey(test.generator())) {
                continue;
            }
            Element executable = children(executables, "executable").stream()
                    .filter(candidate -> test.generator().equals(executableName(first(candidate, "source"))))
                    .findFirst()
                    .orElseThrow(
                            () -> invalid("a test's cmd calls \"" + test.generator() + "\", which is not one of its "
                                    + "executables (files/" + test.generator() + ".cpp or the like)"));
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
                headers.put(name, entry(path, limits.maxFileBytes()));
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
        String language = language(type)
                .orElseThrow(() -> new InvalidPackageException(
                        path, "its type \"" + type + "\" is not a language this judge runs (C, C++, Java, Python 3)"));
        String sourceCode = entry(path, limits.maxFileBytes());
        return new Program(path, language, sourceCode, included(sourceCode, headers), standard(type));
    }

    private static final Pattern INCLUDE =
            Pattern.compile("^\\s*#\\s*include\\s*[<\"]([^>\"]+)[>\"]", Pattern.MULTILINE);

    /**
     * The package's headers that a source includes, and those they include: only these go beside it, so
     * that a package's many programs do not each carry every header (a solution rarely includes testlib.h).
     */
    static Map<String, String> included(String sourceCode, Map<String, String> headers) {
        Map<String, String> included = new TreeMap<>();
        ArrayDeque<String> toRead = new ArrayDeque<>(List.of(sourceCode));
        while (!toRead.isEmpty()) {
            Matcher include = INCLUDE.matcher(toRead.pop());
            while (include.find()) {
                String name = include.group(1).substring(include.group(1).lastIndexOf('/') + 1);
                if (headers.containsKey(name) && !included.containsKey(name)) {
                    included.put(name, headers.get(name));
                    toRead.push(headers.get(name));
                }
            }
        }
        return included;
    }

    /** Polygon's source types, e.g. cpp.g++17, cpp.gcc14-64-msys2-g++23, c.gcc, java21, python.3, python.pypy3. */
    static Optional<String> language(String type) {
        if (type.startsWith("cpp.")) {
            return Optional.of("cpp");
        }
        if (type.startsWith("c.")) {
            return Optional.of("c");
        }
        if (type.startsWith("java") && !type.startsWith("javascript")) {
            return Optional.of("java");
        }
        if (type.equals("python.3") || type.equals("python.pypy3") || type.startsWith("python.3")) {
            return Optional.of("python");
        }
        if (type.startsWith("js.") || type.startsWith("nodejs")) {
            return Optional.of("javascript");
        }
        return Optional.empty();
    }

    /** The C++ standard a Polygon type names by its compiler's suffix (g++17, g++20, g++23...); null for none. */
    static String standard(String type) {
        Matcher standard = CPP_STANDARD.matcher(type);
        return type.startsWith("cpp.") && standard.find() ? "c++" + standard.group(1) : null;
    }

    /** An entry's text, UTF-8, read to at most {@code maxBytes}. */
    private String entry(String path, long maxBytes) throws IOException {
        if (!SAFE_PATH.matcher(path).matches() || path.contains("..")) {
            throw new InvalidPackageException(path, "problem.xml names it, and it is not a plain relative path");
        }
        ZipEntry entry = zip.getEntry(path);
        if (entry == null || entry.isDirectory()) {
            throw new InvalidPackageException(path, "problem.xml names it and it is not in the package");
        }
        byte[] bytes;
        // The declared size is the package's word; what is read is counted, whatever it says.
        try (InputStream in = zip.getInputStream(entry)) {
            bytes = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, maxBytes + 1));
        }
        if (bytes.length > maxBytes) {
            throw new InvalidPackageException(path, "it is over " + maxBytes + " bytes unpacked", true);
        }
        unpacked += bytes.length;
        if (unpacked > limits.maxUnpackedBytes()) {
            throw new InvalidPackageException(
                    path, "the package is over " + limits.maxUnpackedBytes() + " bytes unpacked", true);
        }
        try {
            return StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes))
                    .toString();
        } catch (CharacterCodingException e) {
            throw new InvalidPackageException(path, "it is not UTF-8 text");
        }
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
