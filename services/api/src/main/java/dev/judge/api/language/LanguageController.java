package dev.judge.api.language;

import java.util.List;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

import dev.judge.contracts.language.Language;
import dev.judge.contracts.language.LanguageCatalog;

/** The catalog the workers run, with its commands, so users know exactly how their code is built. */
@RestController
class LanguageController {

    private final LanguageCatalog catalog;

    LanguageController(LanguageCatalog catalog) {
        this.catalog = catalog;
    }

    @GetMapping("/api/languages")
    List<LanguageView> list() {
        return catalog.languages().entrySet().stream()
                .map(entry -> LanguageView.of(entry.getKey(), entry.getValue()))
                .toList();
    }

    record LanguageView(String id, String name, String version, String sourceFile, List<String> compile, List<String> run) {

        static LanguageView of(String id, Language language) {
            return new LanguageView(id, language.name(), language.version(), language.sourceFile(),
                    language.compile(), language.run());
        }
    }
}
