package dev.judge.api.problem.importing.kattis;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

import dev.judge.api.problem.importing.archive.InvalidPackageException;
import dev.judge.contracts.JudgeRequest;

/**
 * A scoring problem's test data groups as this judge's groups. The samples are a group worth nothing
 * (judged first, scoring nothing, as the format's {@code ignore_sample} and 2025-09 have it); each folder
 * of {@code data/secret/} is a group, or {@code data/secret/} is one when its tests are directly in it.
 *
 * <p>2025-09 (and its 2023-07 drafts' {@code scoring:} map): a group's {@code max_score} and
 * {@code score_aggregation} — {@code pass-fail} and {@code min} a group scored as a whole, {@code sum} one
 * whose tests are each worth {@code max_score / N} — and {@code require_pass} its dependencies; secret's
 * aggregation sums its groups. Legacy: the {@code testdata.yaml} settings each folder inherits, a group's
 * {@code accept_score} and {@code grader_flags} scoring mode ({@code min}: the group as a whole worth
 * it; {@code sum} or {@code avg} with {@code on_reject: continue}: each test its share), clamped by its
 * {@code range}; secret's {@code on_reject: break} makes each group depend on those before it. What
 * cannot be mapped (custom graders, unbounded or floor scores, a sum cut short at the first rejection,
 * a minimum over groups) is refused by name.
 */
final class ScoringGroups {

    static final String SAMPLE = "sample";
    static final String SECRET = "secret";

    /** The problem's groups, and its tests each with its group. */
    record Scored(List<JudgeRequest.Group> groups, List<KattisPackage.Test> tests) {}

    private final Function<String, Map<String, Object>> settings;
    private final boolean legacy;

    /**
     * @param settings a folder of data/'s own settings ({@code "data/secret/"} → its testdata.yaml or
     *     test_group.yaml), empty for none
     */
    ScoringGroups(Function<String, Map<String, Object>> settings, boolean legacy) {
        this.settings = settings;
        this.legacy = legacy;
    }

    Scored scored(List<KattisPackage.Test> tests) {
        Map<String, List<Integer>> members = new LinkedHashMap<>();
        members.put(SAMPLE, new ArrayList<>());
        boolean direct = false;
        boolean inFolders = false;
        for (int index = 0; index < tests.size(); index++) {
            KattisPackage.Test test = tests.get(index);
            String group = SAMPLE;
            if (!test.sample()) {
                String rest = test.name().substring((SECRET + "/").length());
                int slash = rest.indexOf('/');
                direct |= slash < 0;
                inFolders |= slash >= 0;
                group = slash < 0 ? SECRET : rest.substring(0, slash);
            }
            members.computeIfAbsent(group, name -> new ArrayList<>()).add(index);
        }
        if (direct && inFolders) {
            throw invalid(
                    "data/secret/",
                    "it has tests both directly in it and in its folders; a scoring problem's "
                            + "secret data is its tests or its groups, not both");
        }
        List<JudgeRequest.Group> groups = new ArrayList<>();
        groups.add(new JudgeRequest.Group(SAMPLE, 0, List.of()));
        if (legacy) {
            legacyGroups(members, groups);
        } else {
            groups.addAll(groups(members));
        }
        List<KattisPackage.Test> grouped = new ArrayList<>(tests);
        members.forEach((group, indices) ->
                indices.forEach(index -> grouped.set(index, tests.get(index).inGroup(group))));
        // An empty sample group scores and says nothing: it is left out.
        if (members.get(SAMPLE).isEmpty()) {
            groups.removeIf(
                    group -> group.name().equals(SAMPLE) && group.dependsOn().isEmpty());
            groups.forEach(group -> {
                if (group.dependsOn().contains(SAMPLE)) {
                    throw invalid("data/", "a group requires the samples to pass, and there are none");
                }
            });
        }
        return new Scored(List.copyOf(groups), List.copyOf(grouped));
    }

    // 2025-09 and its drafts

    private List<JudgeRequest.Group> groups(Map<String, List<Integer>> members) {
        Map<String, Object> secret = scoring("data/secret/");
        for (String key : List.of("max_score", "score_aggregation", "require_pass")) {
            if (scoring("data/sample/").containsKey(key)) {
                throw invalid("data/sample/", "its " + key + " is not permitted in sample");
            }
        }
        double secretMax = maxScore(secret, 100, "data/secret/");
        String secretAggregation = aggregation(secret, "sum", "data/secret/");
        List<String> secretRequires = requires(secret, "data/secret/");
        if (!secretRequires.stream().allMatch(SAMPLE::equals)) {
            throw invalid("data/secret/", "secret may require only sample to pass, not " + secretRequires);
        }
        List<JudgeRequest.Group> groups = new ArrayList<>();
        if (members.containsKey(SECRET)) {
            groups.add(group(SECRET, members.get(SECRET).size(), secretMax, secretAggregation, secretRequires));
            return groups;
        }
        List<String> names = new ArrayList<>(members.keySet());
        names.remove(SAMPLE);
        if (secretAggregation.equals("pass-fail")) {
            // All of secret or nothing: its groups are one, whatever they say.
            int count =
                    names.stream().mapToInt(name -> members.get(name).size()).sum();
            List<Integer> all = new ArrayList<>();
            names.forEach(name -> all.addAll(members.remove(name)));
            members.put(SECRET, all);
            groups.add(group(SECRET, count, secretMax, "pass-fail", secretRequires));
            return groups;
        }
        if (secretAggregation.equals("min") && names.size() > 1) {
            throw invalid(
                    "data/secret/",
                    "its score_aggregation is min over " + names.size()
                            + " groups; this judge sums a problem's groups");
        }
        double total = 0;
        List<String> made = new ArrayList<>();
        for (String name : names) {
            String folder = "data/secret/" + name + "/";
            Map<String, Object> own = scoring(folder);
            if (own.isEmpty()) {
                throw invalid(
                        folder,
                        "it has no test_group.yaml; every folder of a scoring problem's secret data is "
                                + "a test data group, which says its max_score");
            }
            double max = maxScore(own, Double.NaN, folder);
            if (Double.isNaN(max)) {
                throw invalid(
                        folder, "it gives no max_score; a group of a secret worth " + number(secretMax) + " must");
            }
            List<String> requires = new ArrayList<>(secretRequires);
            for (String required : requires(own, folder)) {
                String named = required.startsWith(SECRET + "/") ? required.substring(SECRET.length() + 1) : required;
                if (!named.equals(SAMPLE) && !made.contains(named)) {
                    throw invalid(folder, "it requires \"" + required + "\" to pass, which is not a group before it");
                }
                if (!requires.contains(named)) {
                    requires.add(named);
                }
            }
            groups.add(group(name, members.get(name).size(), max, aggregation(own, "pass-fail", folder), requires));
            made.add(name);
            total += max;
        }
        if (total > secretMax + 1e-9) {
            throw invalid(
                    "data/secret/",
                    "its groups' max_score add up to " + number(total) + ", over secret's " + number(secretMax));
        }
        return groups;
    }

    /** A folder's scoring keys: 2025-09's, or the 2023-07 drafts' {@code scoring:} map under their names. */
    private Map<String, Object> scoring(String folder) {
        Map<String, Object> own = new LinkedHashMap<>(settings.apply(folder));
        if (own.get("scoring") instanceof Map<?, ?> draft) {
            draft.forEach((key, value) -> {
                String named = switch (String.valueOf(key)) {
                    case "score" -> "max_score";
                    case "aggregation" -> "score_aggregation";
                    default -> String.valueOf(key);
                };
                own.put(named, value);
            });
        }
        return own;
    }

    private static JudgeRequest.Group group(
            String name, int tests, double max, String aggregation, List<String> requires) {
        return switch (aggregation) {
            case "sum" -> JudgeRequest.Group.eachTest(name, shares(max, tests), requires);
            default -> new JudgeRequest.Group(name, max, requires);
        };
    }

    private static List<Double> shares(double max, int tests) {
        List<Double> shares = new ArrayList<>();
        for (int i = 0; i < tests; i++) {
            shares.add(max / tests);
        }
        return shares;
    }

    private static double maxScore(Map<String, Object> scoring, double otherwise, String folder) {
        Object max = scoring.get("max_score");
        if (max == null) {
            return otherwise;
        }
        if (max instanceof Number number
                && number.doubleValue() >= 0
                && number.doubleValue() == Math.rint(number.doubleValue())) {
            return number.doubleValue();
        }
        throw invalid(
                folder,
                "its max_score is " + max + "; this judge takes a whole number of points (not unbounded, "
                        + "whose scores have no most)");
    }

    private static String aggregation(Map<String, Object> scoring, String otherwise, String folder) {
        String aggregation = String.valueOf(scoring.getOrDefault("score_aggregation", otherwise))
                .toLowerCase(Locale.ROOT);
        if (!List.of("pass-fail", "sum", "min").contains(aggregation)) {
            throw invalid(folder, "its score_aggregation \"" + aggregation + "\" is not pass-fail, sum or min");
        }
        return aggregation;
    }

    private static List<String> requires(Map<String, Object> scoring, String folder) {
        Object requires = scoring.get("require_pass");
        if (requires == null) {
            return List.of();
        }
        List<String> names = requires instanceof List<?> list
                ? list.stream().map(String::valueOf).toList()
                : List.of(String.valueOf(requires));
        if (names.size() > 50) {
            throw invalid(folder, "its require_pass names " + names.size() + " groups");
        }
        return names;
    }

    // legacy

    private void legacyGroups(Map<String, List<Integer>> members, List<JudgeRequest.Group> groups) {
        Map<String, Object> data = settings.apply("data/");
        Map<String, Object> secret = inherited(data, "data/secret/");
        Map<String, Object> sample = inherited(data, "data/sample/");
        boolean ignoreSample = words(data.get("grader_flags")).contains("ignore_sample");
        if (!ignoreSample && !members.get(SAMPLE).isEmpty()) {
            double sampleMax = legacyGroup(SAMPLE, sample, members.get(SAMPLE).size(), "data/sample/")
                    .points();
            if (sampleMax > 0) {
                throw invalid(
                        "data/",
                        "its samples would score " + number(sampleMax) + " (accept_score without "
                                + "grader_flags: ignore_sample), which this judge does not give samples");
            }
        }
        List<String> verdictFlags = List.of("first_error", "worst_error", "always_accept", "accept_if_any_accepted");
        String secretMode = mode(secret);
        List<String> names = new ArrayList<>(members.keySet());
        names.remove(SAMPLE);
        if (!secretMode.equals("sum") && names.size() > 1) {
            throw invalid(
                    "data/secret/",
                    "its grader_flags score by " + secretMode + " over its groups; this judge sums " + "them");
        }
        boolean breaks = onReject(secret, "data/secret/").equals("break");
        double total = 0;
        List<String> before = new ArrayList<>();
        for (String name : names) {
            String folder = name.equals(SECRET) ? "data/secret/" : "data/secret/" + name + "/";
            Map<String, Object> own = name.equals(SECRET) ? secret : inherited(secret, folder);
            JudgeRequest.Group group = legacyGroup(name, own, members.get(name).size(), folder);
            // Secret's on_reject: break judges no group after one that fails: each needs those before it.
            groups.add(
                    breaks && !name.equals(SECRET)
                            ? new JudgeRequest.Group(
                                    name, group.points(), List.copyOf(before), group.scoring(), group.testPoints())
                            : group);
            before.add(name);
            total += group.points();
        }
        double[] range = range(secret, "data/secret/");
        if (total > range[1] + 1e-9) {
            throw invalid(
                    "data/secret/",
                    "its groups score up to " + number(total) + ", over its range's " + number(range[1]));
        }
        words(data.get("grader_flags")).stream()
                .filter(flag -> !flag.equals("ignore_sample") && !verdictFlags.contains(flag) && !flag.equals("sum"))
                .findFirst()
                .ifPresent(flag -> {
                    throw invalid("data/", "its grader_flags \"" + flag + "\" is not one this judge maps");
                });
    }

    /** A legacy group: a whole worth its accept_score (min, or one test), or each test its own. */
    private static JudgeRequest.Group legacyGroup(String name, Map<String, Object> own, int tests, String folder) {
        if (!String.valueOf(own.getOrDefault("grading", "default")).equals("default")) {
            throw invalid(folder, "its grading is custom: graders (graders/) are not run by this judge");
        }
        double accept = number(own, "accept_score", 1, folder);
        if (number(own, "reject_score", 0, folder) != 0) {
            throw invalid(folder, "its reject_score is not 0; this judge scores a rejected test nothing");
        }
        double[] range = range(own, folder);
        String mode = mode(own);
        if (mode.equals("min") || tests == 1) {
            return new JudgeRequest.Group(name, Math.min(accept, range[1]), List.of());
        }
        if (!(mode.equals("sum") || mode.equals("avg"))) {
            throw invalid(folder, "its grader_flags score by " + mode + ", which this judge does not map");
        }
        if (onReject(own, folder).equals("break")) {
            throw invalid(
                    folder,
                    "it scores by " + mode + " with on_reject: break, which scores its tests up to the "
                            + "first rejected one; this judge scores each test of such a group (on_reject: continue)");
        }
        double each = mode.equals("sum") ? accept : accept / tests;
        if (each * tests > range[1] + 1e-9) {
            throw invalid(
                    folder, "its tests score up to " + number(each * tests) + ", over its range's " + number(range[1]));
        }
        return JudgeRequest.Group.eachTest(name, shares(each * tests, tests), List.of());
    }

    private Map<String, Object> inherited(Map<String, Object> parent, String folder) {
        Map<String, Object> merged = new LinkedHashMap<>(parent);
        merged.putAll(settings.apply(folder));
        return merged;
    }

    /** The last scoring mode its grader_flags name (sum, avg, min, max); sum when none. */
    private static String mode(Map<String, Object> own) {
        String mode = "sum";
        for (String flag : words(own.get("grader_flags"))) {
            if (List.of("sum", "avg", "min", "max").contains(flag)) {
                mode = flag;
            }
        }
        return mode;
    }

    private static String onReject(Map<String, Object> own, String folder) {
        String onReject = String.valueOf(own.getOrDefault("on_reject", "break"));
        if (!onReject.equals("break") && !onReject.equals("continue")) {
            throw invalid(folder, "its on_reject \"" + onReject + "\" is not break or continue");
        }
        return onReject;
    }

    /** A legacy range "A B": its floor must be at most 0 (this judge scores nothing below nothing). */
    private static double[] range(Map<String, Object> own, String folder) {
        List<String> bounds = words(own.get("range"));
        if (bounds.isEmpty()) {
            return new double[] {Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY};
        }
        if (bounds.size() != 2) {
            throw invalid(folder, "its range \"" + own.get("range") + "\" is not two numbers");
        }
        double[] range = {bound(bounds.get(0), folder), bound(bounds.get(1), folder)};
        if (range[0] > 0) {
            throw invalid(folder, "its range starts at " + number(range[0]) + "; this judge scores from 0");
        }
        return range;
    }

    private static double bound(String text, String folder) {
        return switch (text) {
            case "inf", "+inf" -> Double.POSITIVE_INFINITY;
            case "-inf" -> Double.NEGATIVE_INFINITY;
            default -> {
                double bound;
                try {
                    bound = Double.parseDouble(text);
                } catch (NumberFormatException e) {
                    bound = Double.NaN;
                }
                // parseDouble also reads "NaN" (once stored as a group's points) and "Infinity".
                if (Double.isNaN(bound) || text.contains("Infinity")) {
                    throw invalid(folder, "its range has \"" + text + "\", which is not a number");
                }
                yield bound;
            }
        };
    }

    private static double number(Map<String, Object> own, String key, double otherwise, String folder) {
        Object value = own.get(key);
        if (value == null) {
            return otherwise;
        }
        if (value instanceof Number number && Double.isFinite(number.doubleValue()) && number.doubleValue() >= 0) {
            return number.doubleValue();
        }
        throw invalid(folder, "its " + key + " is " + value + ", not a number of points");
    }

    private static List<String> words(Object text) {
        if (text == null || String.valueOf(text).isBlank()) {
            return List.of();
        }
        return List.of(String.valueOf(text).strip().split("\\s+"));
    }

    private static String number(double value) {
        return value == Math.rint(value) ? Long.toString((long) value) : Double.toString(value);
    }

    private static InvalidPackageException invalid(String folder, String reason) {
        return new InvalidPackageException(folder, reason);
    }
}
