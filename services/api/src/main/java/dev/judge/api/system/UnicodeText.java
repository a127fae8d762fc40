package dev.judge.api.system;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import jakarta.validation.Constraint;
import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorContext;
import jakarta.validation.Payload;

/**
 * Well-formed Unicode: JSON's {@code "\ud800"} alone is a string to Jackson but has no UTF-8 form, so
 * it could not be stored, nor run, as sent. Everything else is kept as sent, NUL included; fields
 * that may not hold NUL say so with {@link #NOT_BLANK_NOR_NUL}.
 */
@Documented
@Constraint(validatedBy = UnicodeText.Validator.class)
@Target({ElementType.FIELD, ElementType.PARAMETER, ElementType.TYPE_USE, ElementType.RECORD_COMPONENT})
@Retention(RetentionPolicy.RUNTIME)
public @interface UnicodeText {

    /**
     * For {@code @Pattern} on source code and names: no NUL (no compiler reads one as part of a program,
     * and PostgreSQL's text cannot hold it), and a character other than ASCII whitespace. Written to
     * read the same to a JSON Schema validator (ECMA-262, searching) as to Bean Validation (Java,
     * matching whole), unlike {@code @NotBlank}, whose whitespace includes U+001C..U+001F. Linear: only
     * whitespace before the first other character, so a failed match never backtracks over the text
     * ({@code [^\\u0000]*} first would try every split, quadratic in the length: seconds for a source
     * ending in NUL).
     */
    String NOT_BLANK_NOR_NUL = "^[\\t\\n\\u000B\\f\\r ]*[^\\u0000\\t\\n\\u000B\\f\\r ][^\\u0000]*$";

    String NOT_BLANK_NOR_NUL_MESSAGE = "must have a character other than whitespace, and no NUL (U+0000)";

    String message() default "must be well-formed Unicode";

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};

    class Validator implements ConstraintValidator<UnicodeText, String> {

        @Override
        public boolean isValid(String text, ConstraintValidatorContext context) {
            if (text == null) {
                return true;
            }
            for (int i = 0; i < text.length(); i++) {
                char c = text.charAt(i);
                if (Character.isHighSurrogate(c)
                        && i + 1 < text.length()
                        && Character.isLowSurrogate(text.charAt(i + 1))) {
                    i++;
                } else if (Character.isSurrogate(c)) {
                    context.disableDefaultConstraintViolation();
                    context.buildConstraintViolationWithTemplate(
                                    "must be well-formed Unicode: an unpaired surrogate (U+%04X) at character %d"
                                            .formatted((int) c, i))
                            .addConstraintViolation();
                    return false;
                }
            }
            return true;
        }
    }
}
