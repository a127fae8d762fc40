package dev.judge.contracts.language;

import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

import org.springframework.boot.context.properties.ConfigurationProperties;

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
}
