package dev.judge.api.system;

import java.math.BigDecimal;
import java.util.function.Function;

import org.springframework.boot.jackson.autoconfigure.JsonMapperBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.cfg.CoercionAction;
import tools.jackson.databind.cfg.CoercionInputShape;
import tools.jackson.databind.deser.std.StdDeserializer;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.module.SimpleModule;
import tools.jackson.databind.type.LogicalType;

/**
 * JSON read as the OpenAPI document (JSON Schema) types it. {@code spring.jackson.*} in
 * application.properties turns off the coercions a property reaches (a string for a number, a number
 * for an enum); this does the rest:
 * <ul>
 * <li>no number or boolean where text is expected ({@code "expectedOutput": false} would otherwise be
 * stored as the text "false");</li>
 * <li>an integer is any number without a fraction, as in JSON Schema: {@code 439.0} and {@code 4.39e2}
 * are 439, while {@code 439.5} is refused (Jackson would truncate it, or refuse all three).</li>
 * </ul>
 */
@Configuration
public class StrictJson {

    @Bean
    JsonMapperBuilderCustomizer strictScalars() {
        return StrictJson::strictScalars;
    }

    /** The same, for a mapper made by hand (one with read limits of its own). */
    public static JsonMapper.Builder strictScalars(JsonMapper.Builder builder) {
        SimpleModule integers = new SimpleModule("json-schema-integers")
                .addDeserializer(Integer.class, new IntegerDeserializer<>(Integer.class, BigDecimal::intValueExact))
                .addDeserializer(Long.class, new IntegerDeserializer<>(Long.class, BigDecimal::longValueExact));
        return builder.addModule(integers)
                .withCoercionConfig(
                        LogicalType.Textual,
                        text -> text.setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                                .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                                .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail));
    }

    private static final class IntegerDeserializer<T extends Number> extends StdDeserializer<T> {

        private final Function<BigDecimal, T> exact;

        IntegerDeserializer(Class<T> type, Function<BigDecimal, T> exact) {
            super(type);
            this.exact = exact;
        }

        @Override
        @SuppressWarnings("unchecked")
        public T deserialize(JsonParser parser, DeserializationContext context) {
            JsonToken token = parser.currentToken();
            if (token != JsonToken.VALUE_NUMBER_INT && token != JsonToken.VALUE_NUMBER_FLOAT) {
                return (T) context.handleUnexpectedToken(handledType(), parser);
            }
            BigDecimal value = parser.getDecimalValue();
            try {
                return exact.apply(value);
            } catch (ArithmeticException e) {
                return (T) context.handleWeirdNumberValue(
                        handledType(),
                        value,
                        "not an integer in the range of " + handledType().getSimpleName());
            }
        }
    }
}
