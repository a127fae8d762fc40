package dev.judge.contracts.language;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.bind.ConstructorBinding;
import org.springframework.boot.env.YamlPropertySourceLoader;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.io.ClassPathResource;

/**
 * The languages the judge runs, keyed by id ({@code python}, {@code c}...).
 *
 * <p>Bound from {@code judge.languages.*}; the entries are in {@code judge-languages.yml}, which each
 * service imports. Adding a language is a new entry there and its image (docs/languages.md).
 *
 * @param languages the enabled entries, each with its {@link Language#id()}
 * @param enabledLanguages which entries a deployment enables: none named (the default) enables every
 *        one, {@value #DEFAULT_SET} those the catalog marks {@code by-default}; an id the catalog lacks
 *        is refused at start. The API and the workers of a deployment are given the same list.
 */
@ConfigurationProperties("judge")
public record LanguageCatalog(Map<String, Language> languages, List<String> enabledLanguages) {

    /** The word in {@code judge.enabled-languages} that stands for the catalog's {@code by-default} set. */
    public static final String DEFAULT_SET = "default";

    @ConstructorBinding
    public LanguageCatalog {
        enabledLanguages = enabledLanguages == null ? List.of() : List.copyOf(enabledLanguages);
        Map<String, Language> entries = languages == null ? Map.of() : languages;
        for (String id : enabledLanguages) {
            if (!id.equals(DEFAULT_SET) && !entries.containsKey(id)) {
                throw new IllegalArgumentException("judge.enabled-languages names " + id
                        + ", which the catalog lacks; it has " + String.join(", ", new TreeMap<>(entries).keySet()));
            }
        }
        Map<String, Language> enabled = new TreeMap<>();
        for (Map.Entry<String, Language> entry : entries.entrySet()) {
            if (enabledLanguages.isEmpty()
                    || enabledLanguages.contains(entry.getKey())
                    || (enabledLanguages.contains(DEFAULT_SET)
                            && entry.getValue().byDefault())) {
                enabled.put(entry.getKey(), entry.getValue().withId(entry.getKey()));
            }
        }
        languages = enabled;
    }

    public LanguageCatalog(Map<String, Language> languages) {
        this(languages, List.of());
    }

    public Optional<Language> find(String id) {
        return Optional.ofNullable(languages.get(id));
    }

    /** An enabled language a submission (or a grader) may be in: not one of input validators alone. */
    public Optional<Language> findForSubmissions(String id) {
        return find(id).filter(language -> !language.inputValidatorsOnly());
    }

    /** The enabled languages submissions may be in, by id: what users are shown. */
    public Map<String, Language> forSubmissions() {
        Map<String, Language> taken = new TreeMap<>(languages);
        taken.values().removeIf(Language::inputValidatorsOnly);
        return taken;
    }

    /** The id of the language a Polygon source type is ({@link Language#polygonMatch}), if any. */
    public Optional<String> forPolygonType(String type) {
        return languages.entrySet().stream()
                .max(Comparator.comparingInt(entry -> entry.getValue().polygonMatch(type)))
                .filter(best -> best.getValue().polygonMatch(type) > 0)
                .map(Map.Entry::getKey);
    }

    /** Every compile option some enabled language lets a submission choose (the API's document lists them). */
    public java.util.SortedSet<String> allowedCompileOptions() {
        java.util.SortedSet<String> options = new java.util.TreeSet<>();
        languages.values().forEach(language -> options.addAll(language.allowedCompileOptions()));
        return options;
    }

    /**
     * The id of the language a problem package's program file is, by its ending (the problem package
     * format's table: {@code .cpp}, {@code .py}...), if any. A {@code .py} whose first line names
     * python2 is Python 2, which no language here is, as the format tells the two apart.
     */
    public Optional<String> forPackageFile(String fileName, String firstLine) {
        int dot = fileName.lastIndexOf('.');
        if (dot < 0 || isPython2(fileName, firstLine)) {
            return Optional.empty();
        }
        String ending = fileName.substring(dot);
        return languages.values().stream()
                .filter(language -> language.packageExtensions().contains(ending))
                .map(Language::id)
                .findFirst();
    }

    /** Whether a package's {@code .py} is Python 2: its first line, a shebang, names python2. */
    public static boolean isPython2(String fileName, String firstLine) {
        return fileName.endsWith(".py")
                && firstLine != null
                && PYTHON_2.matcher(firstLine).find();
    }

    /** The shebang by which the problem package format tells a Python 2 program from a Python 3 one. */
    private static final java.util.regex.Pattern PYTHON_2 = java.util.regex.Pattern.compile("^#!.*python2");

    /** The file endings this catalog's languages take in a problem package, for a refusal to list. */
    public String packageExtensions() {
        return String.join(
                ", ",
                languages.values().stream()
                        .flatMap(language -> language.packageExtensions().stream())
                        .toList());
    }

    /** The names of the languages Polygon packages may use, for a refusal to list. */
    public String polygonLanguageNames() {
        return String.join(
                ", ",
                languages.values().stream()
                        .filter(language -> !language.polygonTypes().isEmpty())
                        .map(Language::name)
                        .toList());
    }

    /** The catalog as the services bind it by default: {@code judge-languages.yml}, which each imports. */
    public static LanguageCatalog shipped() {
        try {
            StandardEnvironment environment = new StandardEnvironment();
            new YamlPropertySourceLoader()
                    .load("languages", new ClassPathResource("judge-languages.yml"))
                    .forEach(environment.getPropertySources()::addLast);
            return Binder.get(environment).bind("judge", LanguageCatalog.class).get();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
