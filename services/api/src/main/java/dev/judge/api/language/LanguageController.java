package dev.judge.api.language;

import java.util.List;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

import dev.judge.contracts.language.Language;
import dev.judge.contracts.language.LanguageCatalog;

/** The catalog the workers run, with its commands, so users know exactly how their code is built. */
@RestController
@Tag(name = "languages")
class LanguageController {

    private final LanguageCatalog catalog;

    LanguageController(LanguageCatalog catalog) {
        this.catalog = catalog;
    }

    @GetMapping(path = "/api/languages", produces = MediaType.APPLICATION_JSON_VALUE)
    @Operation(
            operationId = "listLanguages",
            summary = "The languages the judge runs, with how each is compiled and run")
    List<LanguageView> list() {
        // A language of input validators alone (checktestdata) is a setter's, not a contestant's: not listed.
        return catalog.forSubmissions().entrySet().stream()
                .map(entry -> LanguageView.of(entry.getKey(), entry.getValue()))
                .toList();
    }

    /**
     * @param image the image its programs run in (their root filesystem), as this deployment sets it
     * @param compile absent for an interpreted language
     * @param timeLimits how a problem's time limit is stretched for this language (a problem may set its own)
     * @param compileOptions what a submission may add to {@code compile} (its {@code compileOptions})
     * @param extraSources the files beside the source that {@code compile} takes too, by pattern
     */
    record LanguageView(
            @Schema(requiredMode = Schema.RequiredMode.REQUIRED, example = "python")
            String id,

            @Schema(requiredMode = Schema.RequiredMode.REQUIRED)
            String name,

            @Schema(requiredMode = Schema.RequiredMode.REQUIRED)
            String version,

            @Schema(example = "gcc:12.2.0-bookworm") String image,

            @Schema(requiredMode = Schema.RequiredMode.REQUIRED)
            String sourceFile,

            List<String> compile,

            @Schema(requiredMode = Schema.RequiredMode.REQUIRED)
            List<String> run,

            @Schema(requiredMode = Schema.RequiredMode.REQUIRED)
            TimeLimitsView timeLimits,

            @Schema(requiredMode = Schema.RequiredMode.REQUIRED, example = "[\"-std=c++17\", \"-O3\"]")
            List<String> compileOptions,

            @Schema(requiredMode = Schema.RequiredMode.REQUIRED, example = "[\"*.cpp\"]")
            List<String> extraSources) {

        static LanguageView of(String id, Language language) {
            return new LanguageView(
                    id,
                    language.name(),
                    language.version(),
                    language.image(),
                    language.sourceFile(),
                    language.compile(),
                    language.run(),
                    TimeLimitsView.of(language.timeLimits()),
                    language.allowedCompileOptions(),
                    language.extraSources());
        }
    }
}
