package dev.judge.api.problem.importing.kattis;

import java.io.StringReader;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.Tag;

import dev.judge.api.problem.importing.archive.InvalidPackageException;
import dev.judge.api.problem.importing.archive.PackageArchive;

/**
 * {@code problem.yaml}'s {@code constants} (2025-09): every {@code {{name}}} of a name it defines, in the
 * package's validators, included files, example submissions and {@code test_group.yaml}, replaced by its
 * value, as the format says; test data and {@code problem.yaml} itself are left as they are, and so is a
 * {@code {{name}}} it does not define. One pass: a value that holds {@code {{another}}} stays as written.
 * What a file grows by is bounded as a file read from the zip is, and counted as unpacked bytes of the
 * package, so that a few bytes of {@code {{big}}} cannot be made into what the package could not hold.
 */
final class Constants {

    static final Constants NONE = new Constants(Map.of(), null);

    private static final Pattern NAME = Pattern.compile("[a-zA-Z_][a-zA-Z0-9_]*");
    private static final Pattern SEQUENCE = Pattern.compile("\\{\\{([a-zA-Z_][a-zA-Z0-9_]*)}}");
    /** The scalar types the format allows a constant: int, float and string. */
    private static final Set<Tag> VALUE_TAGS = Set.of(Tag.INT, Tag.FLOAT, Tag.STR);

    private final Map<String, String> values;
    private final PackageArchive archive;

    private Constants(Map<String, String> values, PackageArchive archive) {
        this.values = values;
        this.archive = archive;
    }

    /**
     * The constants of a {@code problem.yaml} already read safely (its size, depth and aliases bounded):
     * a float as the package writes it ({@code 1e-6} stays {@code 1e-6}), an int in decimal, a string as it is.
     *
     * @param loaded the file as the package's other settings are read from it
     * @param text the file, composed again for a float's own text
     */
    static Constants of(PackageArchive archive, Map<String, Object> loaded, String text, LoaderOptions options) {
        Object constants = loaded.get("constants");
        if (constants == null) {
            return NONE;
        }
        if (!(constants instanceof Map<?, ?> byName)) {
            throw invalid("its constants are not a map of names to values");
        }
        Map<String, String> floats = floatTexts(text, options);
        Map<String, String> values = new TreeMap<>();
        byName.forEach((key, value) -> {
            String name = String.valueOf(key);
            if (!NAME.matcher(name).matches()) {
                throw invalid("its constant \"" + clipped(name) + "\" is not a name ([a-zA-Z_][a-zA-Z0-9_]*)");
            }
            values.put(
                    name,
                    switch (value) {
                        case String string -> string;
                        case Integer number -> number.toString();
                        case Long number -> number.toString();
                        case BigInteger number -> number.toString();
                        case Double number -> floats.getOrDefault(name, number.toString());
                        case null, default ->
                            throw invalid("its constant " + name + " is not an int, a float or a string");
                    });
        });
        return new Constants(Map.copyOf(values), archive);
    }

    /** Each float constant's text as the file writes it, by name. */
    private static Map<String, String> floatTexts(String text, LoaderOptions options) {
        Map<String, String> texts = new TreeMap<>();
        Node root = new Yaml(options).compose(new StringReader(text));
        if (!(root instanceof MappingNode problem)) {
            return texts;
        }
        for (NodeTuple setting : problem.getValue()) {
            if (setting.getKeyNode() instanceof ScalarNode key
                    && key.getValue().equals("constants")
                    && setting.getValueNode() instanceof MappingNode constants) {
                for (NodeTuple constant : constants.getValue()) {
                    if (constant.getKeyNode() instanceof ScalarNode name
                            && constant.getValueNode() instanceof ScalarNode value
                            && VALUE_TAGS.contains(value.getTag())) {
                        texts.put(name.getValue(), value.getValue());
                    }
                }
            }
        }
        return texts;
    }

    /** A program's file or an included one with the constants in it, within what a program may be. */
    String inProgram(String path, String text) {
        return in(path, text, archive == null ? 0 : archive.limits().maxProgramBytes());
    }

    /**
     * A file of the package with its constants in it.
     *
     * @param maxBytes what the file may be, after as before
     */
    String in(String path, String text, long maxBytes) {
        if (values.isEmpty() || text.indexOf("{{") < 0) {
            return text;
        }
        Matcher sequence = SEQUENCE.matcher(text);
        StringBuilder replaced = new StringBuilder(text.length());
        while (sequence.find()) {
            String value = values.get(sequence.group(1));
            // Unknown names stay as written, as the format says.
            sequence.appendReplacement(replaced, Matcher.quoteReplacement(value == null ? sequence.group() : value));
            if (replaced.length() > maxBytes) { // chars: no more than its UTF-8 bytes
                throw tooLarge(path, maxBytes);
            }
        }
        sequence.appendTail(replaced);
        String result = replaced.toString();
        long bytes = result.getBytes(StandardCharsets.UTF_8).length;
        if (bytes > maxBytes) {
            throw tooLarge(path, maxBytes);
        }
        archive.countUnpacked(path, bytes - text.getBytes(StandardCharsets.UTF_8).length);
        return result;
    }

    private static InvalidPackageException tooLarge(String path, long maxBytes) {
        return new InvalidPackageException(
                path, "with problem.yaml's constants in it, it is over " + maxBytes + " bytes", true);
    }

    private static String clipped(String name) {
        return name.length() > 40 ? name.substring(0, 40) + "…" : name;
    }

    private static InvalidPackageException invalid(String reason) {
        return new InvalidPackageException(KattisPackage.PROBLEM_YAML, reason);
    }
}
