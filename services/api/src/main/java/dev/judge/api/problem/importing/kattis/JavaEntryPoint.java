package dev.judge.api.problem.importing.kattis;

import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Java submission of a package whose public class is not {@code Main}: the format names the class
 * by its file ({@code Hello.java}, {@code public class Hello}), and a Java program here is {@code Main}.
 * It is built as it is, under its class's name, beside a {@code Main} that calls its {@code main}.
 */
final class JavaEntryPoint {

    // Linear in the source: the indentation is a line's own ([ \t], not \s, which crossed every following
    // line from each line's start: a source of 40,000 blank lines took 11 s), and possessive quantifiers
    // give nothing back to try again.
    private static final Pattern PUBLIC_CLASS = Pattern.compile(
            "(?m)^[ \\t]*+public\\s++(?:(?:final|abstract)\\s++)*+class\\s++([A-Za-z_$][A-Za-z0-9_$]*+)");

    private static final String MAIN = "Main";

    private JavaEntryPoint() {}

    /** The program as this judge builds it: itself, or a {@code Main} beside it. */
    static KattisPackage.Program of(KattisPackage.Program program) {
        if (!program.path().endsWith(".java") || !program.files().isEmpty()) {
            return program;
        }
        Matcher declared = PUBLIC_CLASS.matcher(program.sourceCode());
        if (!declared.find() || declared.group(1).equals(MAIN)) {
            return program;
        }
        String name = declared.group(1);
        String main =
                "public class " + MAIN + " {\n    public static void main(String[] args) throws Exception {\n        "
                        + name + ".main(args);\n    }\n}\n";
        return new KattisPackage.Program(
                program.path(), program.language(), main, Map.of(name + ".java", program.sourceCode()));
    }
}
