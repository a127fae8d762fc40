package dev.judge.contracts;

import java.util.Optional;
import java.util.Set;

/**
 * The names a program's files may have, whoever wrote them: a contestant's files beside the source, a
 * problem's grader files, a setter's checker's headers. The API refuses any other (400), and the
 * worker checks again before it writes one into a sandbox's folder, since a name is the one part of
 * a file that could reach outside it.
 */
public final class ProgramFiles {

    /**
     * One path component: no {@code /}, so no {@code ..} as a component, no leading dot or dash (no
     * hidden file, nothing a command would read as an option).
     */
    public static final String NAME = "[A-Za-z0-9_][A-Za-z0-9._-]{0,99}";

    /** The most files a submission may bring beside its source, and a problem as a language's grader. */
    public static final int MAX_FILES = 20;

    /** A checker's three files, written beside its own for each test (testlib's arguments). */
    public static final String INPUT = "input";

    public static final String OUTPUT = "output";
    public static final String ANSWER = "answer";

    /** The names the judge writes beside a program's files, so no file of a program may have one. */
    public static final Set<String> RESERVED = Set.of(INPUT, OUTPUT, ANSWER);

    /**
     * {@link #NAME} but none of {@link #RESERVED}, whole, as a JSON Schema validator (ECMA-262) and Bean
     * Validation both read it: the API's document says which names are refused.
     */
    public static final String ALLOWED_NAME = "^(?!(?:input|output|answer)$)" + NAME + "$";

    private ProgramFiles() {}

    /** Why no file of a program may be called {@code name}; empty if one may. */
    public static Optional<String> refusal(String name) {
        if (name == null || !name.matches(NAME)) {
            return Optional.of(
                    "a file name is letters, digits, '.', '_' and '-', up to 100, not starting with '.' or '-'");
        }
        if (RESERVED.contains(name)) {
            return Optional.of("the judge's own files are called "
                    + String.join(", ", RESERVED.stream().sorted().toList()));
        }
        return Optional.empty();
    }
}
