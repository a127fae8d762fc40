package dev.judge.contracts.language;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Comparator;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.env.YamlPropertySourceLoader;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.io.ClassPathResource;

/**
 * The languages the judge runs, keyed by id ({@code python}, {@code c}...).
 *
 * <p>Bound from {@code judge.languages.*}; the defaults are in {@code judge-languages.yml}, which each
 * service imports. Adding a language is a new entry there (and its toolchain in the worker image).
 */
@ConfigurationProperties("judge")
public record LanguageCatalog(Map<String, Language> languages) {

    public LanguageCatalog {
        languages = languages == null ? Map.of() : new TreeMap<>(languages);
    }

    public Optional<Language> find(String id) {
        return Optional.ofNullable(languages.get(id));
    }

    /** The id of the language a Polygon source type is ({@link Language#polygonMatch}), if any. */
    public Optional<String> forPolygonType(String type) {
        return languages.entrySet().stream()
                .max(Comparator.comparingInt(entry -> entry.getValue().polygonMatch(type)))
                .filter(best -> best.getValue().polygonMatch(type) > 0)
                .map(Map.Entry::getKey);
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
