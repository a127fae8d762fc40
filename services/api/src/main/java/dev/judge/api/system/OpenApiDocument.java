package dev.judge.api.system;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.headers.Header;
import io.swagger.v3.oas.models.info.Info;
import io.swagger.v3.oas.models.info.License;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.JsonSchema;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.security.SecurityRequirement;
import io.swagger.v3.oas.models.security.SecurityScheme;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpHeaders;

/**
 * The OpenAPI document at {@code /v3/api-docs}, the API's contract: springdoc builds it from the
 * controllers and their annotations; this adds what they share. Every error an operation declares is
 * an RFC 9457 problem document ({@value #PROBLEM_MEDIA_TYPE}, schema {@code Problem}), every
 * operation may answer 406 to an {@code Accept} it cannot satisfy, every one with a JSON body 413 and
 * 415, and every 429 and 503 carries {@code Retry-After}: the controllers declare only what is their own.
 */
@Configuration
public class OpenApiDocument {

    public static final String PROBLEM_MEDIA_TYPE = "application/problem+json";
    private static final String BEARER = "bearer";

    @Bean
    OpenAPI judgeApi() {
        return new OpenAPI()
                .info(new Info().title("judge").version("1").description("""
                                An online judge: create problems, submit programs, read verdicts. A submission is \
                                accepted at once (202) and judged later; poll it (as Retry-After says) or follow its \
                                events. An optional request field may be left out or null, which is the same; a field \
                                of an answer that has no value yet is left out.""").license(new License().name("Apache-2.0")))
                .components(
                        new Components()
                                .addSecuritySchemes(
                                        BEARER,
                                        new SecurityScheme()
                                                .type(SecurityScheme.Type.HTTP)
                                                .scheme("bearer")
                                                .description(
                                                        "An API key, or the admin token for the admin operations. Without one, "
                                                                + "only where the API allows anonymous calls (judge.access.anonymous).")))
                .security(List.of(new SecurityRequirement().addList(BEARER), new SecurityRequirement()));
    }

    /**
     * Every operation with a JSON body may answer 413 when the body is longer than the largest document
     * the API reads, and 415 for another content type; an operation that says more about either keeps its
     * own description.
     */
    @Bean
    OpenApiCustomizer problemResponses(
            @Value("${spring.jackson.factory.constraints.read.max-document-length}") long maxDocumentBytes) {
        ApiResponse bodyTooLarge = new ApiResponse()
                .description("The body over " + maxDocumentBytes / (1024 * 1024) + " MiB, the largest document the "
                        + "API reads");
        ApiResponse notJson = new ApiResponse().description("The body is not application/json");
        return openApi -> {
            openApi.getComponents().addSchemas("Problem", problemSchema());
            openApi.getComponents().getSchemas().values().forEach(OpenApiDocument::nullableEnumsAsAnyOf);
            openApi.getPaths()
                    .forEach((route, path) -> path.readOperations().forEach(operation -> {
                        if (route.startsWith("/api/") && !route.startsWith("/api/languages")) {
                            operation
                                    .getResponses()
                                    .addApiResponse(
                                            "401",
                                            new ApiResponse()
                                                    .description(
                                                            "No bearer token where one is needed, or one that is no active key nor the admin token"));
                        }
                        if (operation.getRequestBody() != null
                                && operation.getRequestBody().getContent().containsKey("application/json")) {
                            operation.getResponses().putIfAbsent("413", bodyTooLarge);
                            operation.getResponses().putIfAbsent("415", notJson);
                        }
                        operation
                                .getResponses()
                                .addApiResponse(
                                        "406",
                                        new ApiResponse()
                                                .description("No representation matches the request's Accept"));
                        operation.getResponses().forEach((status, response) -> {
                            if ((status.equals("429") || status.equals("503"))
                                    && (response.getHeaders() == null
                                            || !response.getHeaders().containsKey(HttpHeaders.RETRY_AFTER))) {
                                response.addHeaderObject(
                                        HttpHeaders.RETRY_AFTER,
                                        new Header()
                                                .style(Header.StyleEnum.SIMPLE)
                                                .schema(typed("integer")));
                            }
                            if (status.startsWith("4") || status.startsWith("5")) {
                                response.setContent(new Content()
                                        .addMediaType(
                                                PROBLEM_MEDIA_TYPE,
                                                new MediaType()
                                                        .schema(new JsonSchema()
                                                                .$ref("#/components/schemas/Problem"))));
                            }
                        });
                    }));
        };
    }

    /** A schema of one JSON type, as OpenAPI 3.1 writes it. */
    public static Schema<?> typed(String type) {
        return new JsonSchema().types(Set.of(type));
    }

    /**
     * A nullable enum as {@code anyOf: [the enum, null]}: JSON Schema refuses null for {@code type:
     * [string, "null"]} unless the enum lists it too, and client generators read the anyOf form as an
     * optional enum, where the other makes them invent types.
     */
    @SuppressWarnings({"rawtypes", "unchecked"})
    private static void nullableEnumsAsAnyOf(Schema<?> schema) {
        if (schema.getProperties() == null) {
            return;
        }
        schema.getProperties().replaceAll((name, property) -> {
            Set<String> types = property.getTypes();
            if (property.getEnum() == null || types == null || !types.contains("null")) {
                return property;
            }
            Schema values = typed("string").description(null);
            values.setEnum(property.getEnum());
            return new JsonSchema().description(property.getDescription()).anyOf(List.of(values, typed("null")));
        });
    }

    @SuppressWarnings("rawtypes")
    private static Schema<?> problemSchema() {
        Map<String, Schema> properties = new LinkedHashMap<>();
        properties.put(
                "type",
                typed("string")
                        .format("uri-reference")
                        .description("Identifies the kind of problem; about:blank when the status says it all"));
        properties.put("title", typed("string"));
        properties.put("status", typed("integer").format("int32"));
        properties.put("detail", typed("string").description("What went wrong with this request"));
        properties.put("instance", typed("string").format("uri-reference"));
        properties.put(
                "errors",
                typed("array")
                        .description("For invalid fields: each field and what is wrong")
                        .items(typed("object")
                                .properties(Map.of("field", typed("string"), "message", typed("string")))));
        properties.put(
                "retryAfterSeconds",
                typed("integer").format("int64").description("With 429 and 503: the Retry-After header's value"));
        return typed("object")
                .description("RFC 9457 problem details; further members may appear")
                .properties(properties)
                .required(List.of("title", "status"));
    }
}
