package dev.judge.api.problem;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.media.JsonSchema;
import io.swagger.v3.oas.models.media.Schema;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springframework.stereotype.Component;

import dev.judge.api.system.OpenApiDocument;
import dev.judge.contracts.language.LanguageCatalog;

/**
 * What the problem endpoints' annotations cannot say in the OpenAPI document: the catalog's language
 * ids wherever a language is named; a checker as one of three shapes (exact or whitespace, float with
 * its epsilon, custom with its program), each refusing the others' fields; which optional objects
 * may be null; and how setters' files may be named. What JSON Schema cannot say at all (a test's
 * group names a listed group, a group depends only on groups before it, checker or comparison but not
 * both) is in the 400 answer's description.
 */
@Component
class ProblemApiDocument implements OpenApiCustomizer {

    /** A custom checker's fields besides its required language and sourceCode. */
    private static final List<String> CUSTOM_OPTIONAL = List.of("files", "standard", "defines");

    private final LanguageCatalog languages;

    ProblemApiDocument(LanguageCatalog languages) {
        this.languages = languages;
    }

    @Override
    @SuppressWarnings({"rawtypes", "unchecked"})
    public void customise(OpenAPI openApi) {
        Map<String, Schema> schemas = openApi.getComponents().getSchemas();
        List<String> languageIds = new ArrayList<>(languages.languages().keySet());

        Map<String, Schema> checker = schemas.remove("CheckerRequest").getProperties();
        schemas.put(
                "ExactChecker",
                checkerShape(
                        "Output compared byte for byte (exact, a single trailing newline aside) "
                                + "or token by token (whitespace)",
                        checker,
                        List.of("exact", "whitespace"),
                        List.of()));
        schemas.put(
                "FloatChecker",
                checkerShape(
                        "Tokens compared; numbers may be off by epsilon, absolute or relative",
                        checker,
                        List.of("float"),
                        List.of("epsilon")));
        schemas.put(
                "CustomChecker",
                checkerShape(
                        "The setter's program, run as `checker input output answer` after each test, "
                                + "by testlib's exit codes: 0 accepted, 1 wrong answer, 2 presentation error, 3 the checker failed, "
                                + "7 a score in [0, 1] on stdout",
                        checker,
                        List.of("custom"),
                        List.of("language", "sourceCode")));
        ((Schema) schemas.get("CustomChecker").getProperties().get("language")).setEnum(languageIds);

        Schema program = schemas.get("ProgramRequest");
        ((Schema) program.getProperties().get("language")).setEnum(languageIds);
        // CMS's comparator protocol is a checker's alone: an interactor or validator of it is refused.
        Schema protocol = (Schema) program.getProperties().get("protocol");
        if (protocol.getEnum() != null) {
            protocol.setEnum(protocol.getEnum().stream()
                    .filter(value -> !"cms".equals(value))
                    .toList());
        }
        fileNames(program.getProperties());
        fileNames(schemas.get("CustomChecker").getProperties());
        ((Schema) program.getProperties().get("defines")).setTypes(Set.of("array", "null"));
        ((Schema) schemas.get("CustomChecker").getProperties().get("defines")).setTypes(Set.of("array", "null"));

        Map<String, Schema> problem = schemas.get("ProblemRequest").getProperties();
        problem.put(
                "checker",
                nullable(
                        problem.get("checker").getDescription(),
                        ref("ExactChecker"),
                        ref("FloatChecker"),
                        ref("CustomChecker")));
        problem.put("interactor", nullable(problem.get("interactor").getDescription(), ref("ProgramRequest")));
        problem.put("validator", nullable(problem.get("validator").getDescription(), ref("ProgramRequest")));
        problem.put("setterLimits", nullable(problem.get("setterLimits").getDescription(), ref("SetterLimits")));
        problem.get("groups").setTypes(Set.of("array", "null"));
        Schema timeLimits = problem.get("timeLimits");
        timeLimits.setTypes(Set.of("object", "null"));
        timeLimits.setPropertyNames(stringEnum(languageIds));
        Schema graders = problem.get("graders");
        graders.setTypes(Set.of("object", "null"));
        graders.setPropertyNames(stringEnum(languageIds));
        // The languages it takes: those submissions may be in (checktestdata is for validators alone).
        ((Schema) problem.get("languages").getItems())
                .setEnum(new ArrayList<>(languages.forSubmissions().keySet()));
    }

    /**
     * A checker of these kinds: every field of the checker with its constraints, those of other kinds
     * only as null (the server refuses them), the named ones required.
     */
    @SuppressWarnings({"rawtypes", "unchecked"})
    private static Schema<?> checkerShape(
            String description, Map<String, Schema> fields, List<String> kinds, List<String> required) {
        Schema<?> shape = OpenApiDocument.typed("object").description(description);
        shape.addProperty("kind", stringEnum(kinds));
        for (String field : List.of("epsilon", "language", "sourceCode", "files", "standard", "defines")) {
            boolean ownField = required.contains(field) || CUSTOM_OPTIONAL.contains(field) && kinds.contains("custom");
            shape.addProperty(
                    field,
                    ownField ? copy(fields.get(field), required.contains(field)) : OpenApiDocument.typed("null"));
        }
        List<String> requiredFields = new ArrayList<>(List.of("kind"));
        requiredFields.addAll(required);
        return shape.required(requiredFields);
    }

    /** The field's schema; when required, without null among its types. */
    @SuppressWarnings({"rawtypes", "unchecked"})
    private static Schema copy(Schema field, boolean required) {
        Schema copy = new JsonSchema();
        copy.setTypes(required ? new HashSet<>(field.getTypes()) : field.getTypes());
        if (required) {
            copy.getTypes().remove("null");
        }
        copy.setDescription(field.getDescription());
        copy.setFormat(field.getFormat());
        copy.setExample(field.getExample());
        copy.setExclusiveMinimumValue(field.getExclusiveMinimumValue());
        copy.setMaximum(field.getMaximum());
        copy.setMaxLength(field.getMaxLength());
        copy.setPattern(field.getPattern());
        copy.setAdditionalProperties(field.getAdditionalProperties());
        copy.setItems(field.getItems());
        copy.setMaxItems(field.getMaxItems());
        return copy;
    }

    /** A setter's files: at most 20, each named as a plain file name other than the test files'. */
    @SuppressWarnings("rawtypes")
    private static void fileNames(Map<String, Schema> fields) {
        Schema<?> files = fields.get("files");
        files.setTypes(Set.of("object", "null"));
        files.setMaxProperties(20);
        files.setPropertyNames(new JsonSchema()
                .types(Set.of("string"))
                .pattern(ProblemRequest.NAME)
                .not(stringEnum(List.of("input", "output", "answer"))));
    }

    @SuppressWarnings({"rawtypes", "unchecked"})
    private static Schema stringEnum(List<String> values) {
        Schema schema = OpenApiDocument.typed("string");
        schema.setEnum(values);
        return schema;
    }

    private static Schema<?> ref(String name) {
        return new JsonSchema().$ref("#/components/schemas/" + name);
    }

    @SuppressWarnings("rawtypes")
    private static Schema<?> nullable(String description, Schema<?>... shapes) {
        List<Schema> anyOf = new ArrayList<>(Arrays.asList(shapes));
        anyOf.add(OpenApiDocument.typed("null"));
        return new JsonSchema().description(description).anyOf(anyOf);
    }
}
