package dev.judge.api.submission;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.JsonSchema;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springframework.stereotype.Component;

import dev.judge.api.system.OpenApiDocument;
import dev.judge.contracts.language.LanguageCatalog;

/**
 * What the submission endpoints' annotations cannot say in the OpenAPI document: the configured
 * length limits and languages; that a submission names a problem or carries stdin or stdins,
 * exactly one of the three; and the shape of each server-sent event.
 */
@Component
class SubmissionApiDocument implements OpenApiCustomizer {

    private final SubmissionProperties properties;
    private final LanguageCatalog languages;

    SubmissionApiDocument(SubmissionProperties properties, LanguageCatalog languages) {
        this.properties = properties;
        this.languages = languages;
    }

    @Override
    @SuppressWarnings({"rawtypes", "unchecked"})
    public void customise(OpenAPI openApi) {
        Map<String, Schema> schemas = openApi.getComponents().getSchemas();
        Map<String, Schema> fields = schemas.get("SubmissionRequest").getProperties();
        fields.get("sourceCode").setMaxLength(properties.maxSourceLength());
        fields.get("stdin").setMaxLength(properties.maxStdinLength());
        fields.get("language")
                .setEnum(new ArrayList<>(languages.forSubmissions().keySet()));
        // Any other option is refused as invalid (400); one only another language allows, as for that language (422).
        fields.get("compileOptions").getItems().setEnum(new ArrayList<>(languages.allowedCompileOptions()));
        // A submission names a problem or carries stdin or stdins, exactly one of them: a complete shape
        // each, so that a generated client offers them all, and each again with the source among its files. Each leaves
        // the other's field undeclared, so a body with
        // both matches both and is refused, as the server refuses it; a null counts as left out.
        Schema<?> toProblem = shape(
                "A program to judge against a problem's test cases", fields, "problemId", "language", "sourceCode");
        Schema<?> onStdin = shape(
                "A program run once on the given input, with no expected output",
                fields,
                "language",
                "sourceCode",
                "stdin");
        fields.get("stdins").getItems().setMaxLength(properties.maxStdinLength());
        Schema<?> onStdins = shape(
                "A program compiled once and run on each of the given inputs, with no expected output",
                fields,
                "language",
                "sourceCode",
                "stdins");
        for (Schema<?> program : List.of(toProblem, onStdin, onStdins)) {
            for (String optional : List.of("callbackUrl", "files", "compileOptions")) {
                program.addProperty(optional, fields.get(optional));
            }
        }
        schemas.put("SubmissionToProblem", toProblem);
        schemas.put("RunOnStdin", onStdin);
        schemas.put("RunOnStdins", onStdins);
        // Or the same with the source among its files: sourceCode left out (or null, the same), files an array.
        List<String> shapes = new ArrayList<>(List.of("SubmissionToProblem", "RunOnStdin", "RunOnStdins"));
        for (String name : List.of("SubmissionToProblem", "RunOnStdin", "RunOnStdins")) {
            Schema<?> asFiles = asFiles(schemas.get(name), fields.get("files"));
            schemas.put(name + "AsFiles", asFiles);
            shapes.add(name + "AsFiles");
        }
        // Test numbers from 1, as the server reads the keys.
        Schema<?> outputsByTest = fields.get("outputs");
        outputsByTest.setPropertyNames(OpenApiDocument.typed("string").pattern("^[1-9][0-9]{0,3}$"));
        outputsByTest.setMinProperties(1);
        outputsByTest.setMaxProperties(SubmissionRequest.MAX_OUTPUTS);
        Schema<?> outputs = shape("The outputs of an output-only problem's tests", fields, "problemId", "outputs");
        outputs.addProperty("callbackUrl", fields.get("callbackUrl"));
        schemas.put("OutputsToProblem", outputs);
        schemas.put(
                "SubmissionRequest",
                new JsonSchema()
                        .oneOf(java.util.stream.Stream.concat(
                                        shapes.stream(), java.util.stream.Stream.of("OutputsToProblem"))
                                .map(shape -> (Schema) new JsonSchema().$ref("#/components/schemas/" + shape))
                                .toList()));

        // OpenAPI 3.1 describes an event stream by the schema of one event (OpenAPI 3.2 calls it itemSchema).
        openApi.getPaths()
                .get("/api/submissions/{id}/events")
                .getGet()
                .getResponses()
                .get("200")
                .setContent(new Content()
                        .addMediaType(
                                org.springframework.http.MediaType.TEXT_EVENT_STREAM_VALUE,
                                new MediaType().schema(sseEvent())));
        schemas.remove("SseEmitter");
    }

    /** An object of these fields, all required. */
    @SuppressWarnings("rawtypes")
    private static Schema<?> shape(String description, Map<String, Schema> fields, String... names) {
        Schema<?> shape =
                OpenApiDocument.typed("object").description(description).required(List.of(names));
        for (String name : names) {
            shape.addProperty(name, fields.get(name));
        }
        return shape;
    }

    /**
     * A program's shape with its source among its files: sourceCode null or left out (so that a body
     * with both matches the other shape alone), files required and an array.
     */
    @SuppressWarnings({"rawtypes", "unchecked"})
    private static Schema<?> asFiles(Schema<?> program, Schema<?> files) {
        Schema<?> shape = OpenApiDocument.typed("object")
                .description(program.getDescription()
                        + "; its source is the one of files named as its language's source " + "file");
        Map<String, Schema> properties = new LinkedHashMap<>(program.getProperties());
        properties.put("sourceCode", OpenApiDocument.typed("null"));
        Schema<?> present =
                OpenApiDocument.typed("array").items(files.getItems()).maxItems(files.getMaxItems());
        properties.put("files", present);
        shape.setProperties(properties);
        List<String> required = new ArrayList<>(program.getRequired());
        required.remove("sourceCode");
        required.add("files");
        shape.setRequired(required);
        return shape;
    }

    /** One {@code status} event: its id is the status, its data the submission as JSON. */
    private static Schema<?> sseEvent() {
        Schema<?> data = OpenApiDocument.typed("string");
        data.setContentMediaType("application/json");
        data.setContentSchema(new JsonSchema().$ref("#/components/schemas/SubmissionView"));
        return OpenApiDocument.typed("object")
                .addProperty("event", OpenApiDocument.typed("string")._const("status"))
                .addProperty("id", OpenApiDocument.typed("string").description("The submission's status"))
                .addProperty("data", data)
                .required(List.of("event", "data"));
    }
}
