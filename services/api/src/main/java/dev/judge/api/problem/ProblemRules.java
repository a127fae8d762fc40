package dev.judge.api.problem;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.Predicate;

import jakarta.validation.Constraint;
import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorContext;
import jakarta.validation.Payload;

import dev.judge.contracts.JudgeRequest;

/**
 * The rules across a problem's fields that no field's annotation can say, in one place: first what
 * makes each kind of task (interactive, communication, multi-pass, output-only) and what it needs, then
 * how its tests, groups and samples fit together. Each broken rule is a 400 naming the rule as its field
 * ({@code testsInGroups}), as the request's own {@code @AssertTrue} methods were named.
 */
public final class ProblemRules implements ConstraintValidator<ProblemRules.Checked, ProblemRequest> {

    /** Checks {@link ProblemRules} on a {@link ProblemRequest}. */
    @Target(ElementType.TYPE)
    @Retention(RetentionPolicy.RUNTIME)
    @Constraint(validatedBy = ProblemRules.class)
    @interface Checked {

        String message() default "breaks a rule across its fields";

        Class<?>[] groups() default {};

        Class<? extends Payload>[] payload() default {};
    }

    private record Rule(String field, String message, Predicate<ProblemRequest> holds) {}

    private static final List<Rule> RULES = List.of(
            // The kinds of task: a problem is interactive with an interactor, communication with several
            // instances talking to it, multi-pass with a setter's program asking for the next pass, and
            // output-only with nothing of the contestant's run.
            new Rule(
                    "instancesWithInteractor",
                    "several instances need an interactor to talk to",
                    problem -> problem.instances() == null || problem.instances() <= 1 || problem.interactor() != null),
            new Rule(
                    "passesWithSetterProgram",
                    "several passes need an interactor or a custom checker to ask for them",
                    problem -> problem.passes() == null
                            || problem.passes() <= 1
                            || problem.interactor() != null
                            || problem.checker() != null && problem.checker().kind() == CheckerRequest.Kind.CUSTOM),
            new Rule(
                    "outputOnlyWithoutPrograms",
                    "an output-only problem has no interactor, graders or passes: nothing of the contestant's runs",
                    problem -> !Boolean.TRUE.equals(problem.outputOnly())
                            || problem.interactor() == null
                                    && problem.gradersOrNone().isEmpty()
                                    && (problem.passes() == null || problem.passes() <= 1)),
            // How it is judged.
            new Rule(
                    "checkerOrComparison",
                    "give checker or comparison, not both",
                    problem -> problem.checker() == null || problem.comparison() == null),
            new Rule(
                    "furtherValidatorsAfterValidator",
                    "furtherValidators come after a validator",
                    problem -> problem.furtherValidatorsOrNone().isEmpty() || problem.validator() != null),
            // Its tests, groups and samples.
            new Rule(
                    "groupsInOrder",
                    "group names must differ, and a group may depend only on groups listed before it",
                    ProblemRules::groupsInOrder),
            new Rule(
                    "eachTestScored",
                    "a group scored EACH_TEST gives testPoints, one for each of its tests, adding up to its "
                            + "points; a group scored as a whole gives none",
                    ProblemRules::eachTestScored),
            new Rule(
                    "testsInGroups",
                    "with groups, each test names one of them and each group has a test; without groups, no test "
                            + "names one",
                    ProblemRules::testsInGroups),
            new Rule(
                    "samplesAmongTests",
                    "each sample is the number of one of its testCases, from 1, once",
                    ProblemRules::samplesAmongTests));

    @Override
    public boolean isValid(ProblemRequest problem, ConstraintValidatorContext context) {
        if (problem == null) {
            return true;
        }
        context.disableDefaultConstraintViolation();
        boolean valid = true;
        for (Rule rule : RULES) {
            if (!rule.holds().test(problem)) {
                context.buildConstraintViolationWithTemplate(rule.message())
                        .addPropertyNode(rule.field())
                        .addConstraintViolation();
                valid = false;
            }
        }
        return valid;
    }

    private static boolean groupsInOrder(ProblemRequest problem) {
        Set<String> before = new HashSet<>();
        for (GroupRequest group : problem.groupsOrNone()) {
            if (group == null
                    || group.dependsOn() != null && !before.containsAll(group.dependsOn())
                    || !before.add(group.name())) {
                return false;
            }
        }
        return true;
    }

    private static boolean eachTestScored(ProblemRequest problem) {
        List<TestCaseRequest> testCases = problem.testCases();
        if (testCases == null || testCases.stream().anyMatch(Objects::isNull)) {
            return true; // reported by @NotNull
        }
        for (GroupRequest group : problem.groupsOrNone()) {
            if (group == null || group.points() == null) {
                continue;
            }
            if (group.scoring() != JudgeRequest.Group.Scoring.EACH_TEST) {
                if (group.testPoints() != null) {
                    return false;
                }
                continue;
            }
            long tests = testCases.stream()
                    .filter(test -> group.name().equals(test.group()))
                    .count();
            if (group.testPoints() == null
                    || group.testPoints().size() != tests
                    || group.testPoints().stream().anyMatch(Objects::isNull)
                    || Math.abs(group.testPoints().stream()
                                            .mapToDouble(Double::doubleValue)
                                            .sum()
                                    - group.points())
                            > 1e-6) {
                return false;
            }
        }
        return true;
    }

    private static boolean testsInGroups(ProblemRequest problem) {
        List<TestCaseRequest> testCases = problem.testCases();
        if (testCases == null || testCases.stream().anyMatch(Objects::isNull)) {
            return true; // reported by @NotNull
        }
        if (problem.groupsOrNone().isEmpty()) {
            return testCases.stream().allMatch(test -> test.group() == null);
        }
        Set<String> names = new HashSet<>();
        problem.groupsOrNone().stream().filter(Objects::nonNull).forEach(group -> names.add(group.name()));
        Set<String> used = new HashSet<>();
        for (TestCaseRequest test : testCases) {
            if (!names.contains(test.group())) {
                return false;
            }
            used.add(test.group());
        }
        return used.equals(names);
    }

    private static boolean samplesAmongTests(ProblemRequest problem) {
        List<Integer> samples = problem.samples();
        return samples == null
                || problem.testCases() == null
                || samples.stream()
                                .allMatch(sample -> sample != null
                                        && sample <= problem.testCases().size())
                        && Set.copyOf(samples).size() == samples.size();
    }
}
