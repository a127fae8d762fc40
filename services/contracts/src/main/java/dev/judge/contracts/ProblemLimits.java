package dev.judge.contracts;

import java.util.List;

/**
 * The highest limits a problem may set, one definition for the API, which refuses a problem above them,
 * and the worker, which never runs a program with more.
 */
public final class ProblemLimits {

    /** The highest time limit, in milliseconds: Polygon's highest. */
    public static final int MAX_TIME_LIMIT_MS = 15_000;

    /** The highest memory limit, in MiB. */
    public static final int MAX_MEMORY_LIMIT_MB = 1_024;

    /**
     * The most input validators a problem has (a package may give several): each runs on every test when
     * a version is prepared, so more would multiply that work.
     */
    public static final int MAX_INPUT_VALIDATORS = 4;

    /** The most arguments a setter's program is given (a package validator's flags), and the longest one. */
    public static final int MAX_PROGRAM_ARGUMENTS = 20;

    public static final int MAX_ARGUMENT_LENGTH = 200;

    /**
     * Whether a setter's program may be given these arguments: at most {@link #MAX_PROGRAM_ARGUMENTS}, none
     * longer than {@link #MAX_ARGUMENT_LENGTH}, none holding a NUL (which would end its field of the
     * sandbox's requests and make the rest a field of its own) or a line break.
     */
    public static boolean argumentsAllowed(List<String> arguments) {
        return arguments.size() <= MAX_PROGRAM_ARGUMENTS
                && arguments.stream()
                        .noneMatch(argument -> argument.length() > MAX_ARGUMENT_LENGTH
                                || argument.indexOf('\0') >= 0
                                || argument.indexOf('\n') >= 0
                                || argument.indexOf('\r') >= 0);
    }

    /** {@link #MAX_TIME_LIMIT_MS} as a Spring Boot {@code Duration} setting's text, for defaults. */
    public static final String MAX_TIME_LIMIT = MAX_TIME_LIMIT_MS + "ms";

    /** {@link #MAX_MEMORY_LIMIT_MB} as a Spring Boot {@code DataSize} setting's text (its MB is a MiB), for defaults. */
    public static final String MAX_MEMORY_LIMIT = MAX_MEMORY_LIMIT_MB + "MB";

    private ProblemLimits() {}
}
