package dev.judge.api.problem;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import java.util.stream.Collectors;

import jakarta.validation.ConstraintViolation;
import jakarta.validation.Validation;
import jakarta.validation.Validator;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.json.JsonMapper;

/** Each rule across a problem's fields, broken alone, is reported as the field it is named after (the 400's errors). */
class ProblemRulesTests {

    private static final Validator VALIDATOR =
            Validation.buildDefaultValidatorFactory().getValidator();
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final String INTERACTOR =
            "\"interactor\": {\"language\": \"cpp\", \"sourceCode\": \"int main(){}\"}";
    private static final String GROUPS = "\"groups\": [{\"name\": \"a\", \"points\": 100}]";

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "instancesWithInteractor | \"instances\": 2 | " + INTERACTOR + ", \"instances\": 2",
                "passesWithSetterProgram | \"passes\": 2 | " + INTERACTOR + ", \"passes\": 2",
                "outputOnlyWithoutPrograms | \"outputOnly\": true, " + INTERACTOR + " | \"outputOnly\": true",
                "checkerOrComparison | \"comparison\": \"EXACT\", \"checker\": {\"kind\": \"exact\"} | \"comparison\": \"EXACT\"",
                "furtherValidatorsAfterValidator | \"furtherValidators\": [{\"language\": \"cpp\", \"sourceCode\": \"x\"}] | "
                        + "\"furtherValidators\": []",
                "groupsInOrder | \"groups\": [{\"name\": \"a\", \"points\": 50, \"dependsOn\": [\"b\"]}, {\"name\": \"b\", "
                        + "\"points\": 50}], \"testCases\": [{\"input\": \"1\", \"expectedOutput\": \"1\", \"group\": \"a\"}, "
                        + "{\"input\": \"1\", \"expectedOutput\": \"1\", \"group\": \"b\"}] | " + GROUPS
                        + ", \"testCases\": [{\"input\": \"1\", \"expectedOutput\": \"1\", \"group\": \"a\"}]",
                "eachTestScored | "
                        + "\"groups\": [{\"name\": \"a\", \"points\": 100, \"scoring\": \"EACH_TEST\", \"testPoints\": [60]}], "
                        + "\"testCases\": [{\"input\": \"1\", \"expectedOutput\": \"1\", \"group\": \"a\"}] | "
                        + "\"groups\": [{\"name\": \"a\", \"points\": 100, \"scoring\": \"EACH_TEST\", \"testPoints\": [100]}], "
                        + "\"testCases\": [{\"input\": \"1\", \"expectedOutput\": \"1\", \"group\": \"a\"}]",
                "testsInGroups | " + GROUPS + " | " + GROUPS
                        + ", \"testCases\": [{\"input\": \"1\", \"expectedOutput\": \"1\", \"group\": \"a\"}]",
                "samplesAmongTests | \"samples\": [2] | \"samples\": [1]",
            })
    void aRuleBrokenAloneIsReportedAsItsField(String rule, String breaking, String keeping) {
        assertThat(broken(breaking)).containsExactly(rule);
        assertThat(broken(keeping)).isEmpty();
    }

    /** CMS's comparator is a checker: an interactor or validator of its protocol, or one scoring points, is refused. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "interactor.cmsForCheckersOnly | \"interactor\": {\"language\": \"cpp\", \"sourceCode\": \"x\", "
                        + "\"protocol\": \"cms\"}",
                "validator.cmsForCheckersOnly | \"validator\": {\"language\": \"cpp\", \"sourceCode\": \"x\", "
                        + "\"protocol\": \"cms\"}",
                "checker.cmsScoringShares | \"checker\": {\"kind\": \"custom\", \"language\": \"cpp\", "
                        + "\"sourceCode\": \"x\", \"protocol\": \"cms\", \"scores\": \"points\"}",
            })
    void theCmsProtocolIsACheckersAlone(String field, String fields) {
        assertThat(broken(fields)).containsExactly(field);
        assertThat(broken("\"checker\": {\"kind\": \"custom\", \"language\": \"cpp\", \"sourceCode\": \"x\", "
                        + "\"protocol\": \"cms\"}"))
                .isEmpty();
    }

    /** The fields that break rules or constraints, for a problem of one test with {@code fields} over it. */
    private static Set<String> broken(String fields) {
        String problem = """
                {"title": "Sum", "timeLimitMs": 1000, "memoryLimitMb": 256,
                 "testCases": [{"input": "1", "expectedOutput": "1"}], %s}""".formatted(fields);
        return VALIDATOR.validate(JSON.readValue(problem, ProblemRequest.class)).stream()
                .map(ConstraintViolation::getPropertyPath)
                .map(Object::toString)
                .collect(Collectors.toSet());
    }
}
