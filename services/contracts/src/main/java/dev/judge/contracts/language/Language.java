package dev.judge.contracts.language;

import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.springframework.util.unit.DataSize;

/**
 * One entry of the language catalog ({@code judge-languages.yml}): how to build and run a program.
 *
 * <p>Commands run in the submission's own folder. The API shows them to users as documentation; the
 * worker runs them.
 *
 * @param id the catalog's key for it ({@code cpp}); set by {@link LanguageCatalog}, not written in an entry
 * @param name what users see, e.g. "Python 3"
 * @param version the toolchain version its image ships
 * @param image the official image that carries its toolchain, which becomes a run's root (the chart
 *        mounts it into the worker pods; a deployment may point a language at another)
 * @param sourceFile the name the source is saved under, e.g. {@code Main.java}
 * @param compile the compile command; empty for interpreted languages
 * @param run the run command
 * @param environment what its commands need set ({@code PATH}, {@code HOME}...), over the sandbox's own
 * @param selfCheck a program that prints "ok": every worker compiles and runs it at start-up
 * @param timeLimits how a problem's time limit is stretched for this language (a problem may set its own)
 * @param compileTimeLimit the CPU time its compiler may take (by the clock, twice that); null: the
 *        worker's {@code judge.worker.compile-time-limit}. Measured per compiler (docs/languages.md)
 * @param polygonTypes the Polygon source types that are this language (a trailing {@code *} matches any
 *        rest: {@code cpp.*}); a package's program of another type is refused
 * @param runtimeMemory what its runtime (and compiler) needs of memory that the program does not use
 * @param byDefault in the set a deployment enables when it names none ({@link LanguageCatalog})
 * @param allowedCompileOptions what a submission may add to its compile command (a standard, an
 *        optimisation level, a macro), each a whole argument; none for most languages
 * @param extraSources name patterns ({@code *.cpp}) of the files beside the source that the compile
 *        command takes too: a compiler that finds no other file by itself (javac, rustc, GHC do)
 * @param packageExtensions the file endings ({@code .cpp}) by which a problem package's program is this
 *        language (the problem package format's table); an ending is one language's only
 * @param packageCode its code in the problem package format's languages table ({@code python3}), by which
 *        a package's {@code include/<code>/} files go with its submissions; null: its id
 * @param inputValidatorsOnly a language of problems' input validators alone (checktestdata's scripts),
 *        never of submissions: not listed to users, refused for submissions and graders; its programs exit
 *        42 on a valid input (the problem package format's code), so its self-check must exit 42
 */
public record Language(
        String id,
        String name,
        String version,
        String image,
        String sourceFile,
        List<String> compile,
        List<String> run,
        Map<String, String> environment,
        String selfCheck,
        TimeLimits timeLimits,
        Duration compileTimeLimit,
        List<String> polygonTypes,
        RuntimeMemory runtimeMemory,
        boolean byDefault,
        List<String> allowedCompileOptions,
        List<String> extraSources,
        List<String> packageExtensions,
        String packageCode,
        boolean inputValidatorsOnly) {

    /**
     * The problem package format's exit code of a validator that accepts an output, or finds an input valid.
     * Here, below the messages that name it, so that the catalog needs nothing of them.
     */
    public static final int KATTIS_ACCEPTED = 42;

    public Language {
        packageCode = packageCode == null ? id : packageCode;
        packageExtensions = packageExtensions == null ? List.of() : List.copyOf(packageExtensions);
        allowedCompileOptions = allowedCompileOptions == null ? List.of() : List.copyOf(allowedCompileOptions);
        extraSources = extraSources == null ? List.of() : List.copyOf(extraSources);
        compile = compile == null ? List.of() : List.copyOf(compile);
        polygonTypes = polygonTypes == null ? List.of() : List.copyOf(polygonTypes);
        environment = environment == null ? Map.of() : Map.copyOf(environment);
        run = List.copyOf(run);
        timeLimits = timeLimits == null ? TimeLimits.UNCHANGED : timeLimits;
        runtimeMemory = runtimeMemory == null ? RuntimeMemory.NONE : runtimeMemory;
        // An image reference's shape: its folder (imageFolder) is then one safe path component.
        if (image != null && !image.matches("[A-Za-z0-9][A-Za-z0-9._:/@-]{0,254}")) {
            throw new IllegalArgumentException("Not an image reference: " + image);
        }
    }

    /** This entry under its catalog key. */
    Language withId(String key) {
        return with(key, compile);
    }

    /**
     * A language's time limit = the problem's × factor + offset, so that one limit is fair to a
     * compiled program and to one whose runtime starts slower or runs slower.
     */
    public record TimeLimits(double factor, Duration offset) {

        public static final TimeLimits UNCHANGED = new TimeLimits(1, Duration.ZERO);

        public TimeLimits {
            offset = offset == null ? Duration.ZERO : offset;
            if (factor <= 0) {
                throw new IllegalArgumentException("A time factor must be positive: " + factor);
            }
        }

        public long applyTo(long timeLimitMs) {
            return Math.round(timeLimitMs * factor) + offset.toMillis();
        }
    }

    /**
     * What a runtime needs of memory beyond what the program itself uses, for the sandbox to set its
     * rlimits by. A run's soft stack limit is its memory limit (so that recursion may use all of it, as
     * on Codeforces), and without a cgroup {@code RLIMIT_DATA} is the memory limit, per process.
     *
     * @param threadStack the soft stack limit its runs start with, in place of the memory limit: for
     *        runtimes that size each of their threads' stacks by it (Node, BEAM, GHC's, Guile's, Mono),
     *        whose stacks would not fit in {@code RLIMIT_DATA} together; null: the memory limit
     * @param reserved address space the runtime maps but does not use (SBCL's heap and control stack),
     *        added to {@code RLIMIT_DATA} where no cgroup limits what is used; a cgroup's limit, and a
     *        run's verdict, stay the memory limit's; null: none
     */
    public record RuntimeMemory(DataSize threadStack, DataSize reserved) {

        public static final RuntimeMemory NONE = new RuntimeMemory(null, null);

        /** The soft stack limit of a run with this memory limit. */
        public long softStackBytes(long memoryLimitBytes) {
            return threadStack == null ? memoryLimitBytes : Math.min(threadStack.toBytes(), memoryLimitBytes);
        }

        /** The {@code RLIMIT_DATA} of a run with this memory limit where no cgroup limits it. */
        public long dataBytes(long memoryLimitBytes) {
            return reserved == null ? memoryLimitBytes : memoryLimitBytes + reserved.toBytes();
        }
    }

    /**
     * How closely a Polygon source type is this language: 0 for not at all; an exact type over the
     * longest {@code *} pattern (so {@code javascript*} wins over {@code java*} for "javascript").
     */
    public int polygonMatch(String type) {
        int best = 0;
        for (String pattern : polygonTypes) {
            if (pattern.endsWith("*")) {
                String prefix = pattern.substring(0, pattern.length() - 1);
                if (type.startsWith(prefix)) {
                    best = Math.max(best, 1 + prefix.length());
                }
            } else if (type.equals(pattern)) {
                return Integer.MAX_VALUE;
            }
        }
        return best;
    }

    /**
     * Whether a Polygon type mask ({@code cpp.*}, {@code python.3}, {@code *}: what a package's resource
     * for solutions gives as its {@code for-type}) covers some type this language is.
     */
    public boolean polygonCovers(String mask) {
        return polygonTypes.stream().anyMatch(pattern -> masksOverlap(mask, pattern));
    }

    /** Whether two types, each exact or with a trailing {@code *}, match some type in common. */
    static boolean masksOverlap(String one, String other) {
        boolean oneOpen = one.endsWith("*");
        boolean otherOpen = other.endsWith("*");
        String oneStem = oneOpen ? one.substring(0, one.length() - 1) : one;
        String otherStem = otherOpen ? other.substring(0, other.length() - 1) : other;
        if (oneOpen && otherOpen) {
            return oneStem.startsWith(otherStem) || otherStem.startsWith(oneStem);
        }
        if (oneOpen) {
            return other.startsWith(oneStem);
        }
        return otherOpen ? one.startsWith(otherStem) : one.equals(other);
    }

    /**
     * The folder its image is mounted at under the worker's {@code judge.sandbox.language-images}: the
     * reference with every character but {@code [A-Za-z0-9._-]} made {@code _}
     * ({@code gcc:12.2.0-bookworm} → {@code gcc_12.2.0-bookworm}). One folder per image, not per
     * language: languages of one image (C, C++) share it and its sandboxes, and a pod mounts each image
     * once. The chart names it the same way
     * ({@code judge.languageImageFolder}; tests/chart holds the two equal).
     */
    public String imageFolder() {
        return image == null ? null : image.replaceAll("[^A-Za-z0-9._-]", "_");
    }

    public boolean isCompiled() {
        return !compile.isEmpty();
    }

    /**
     * This language with a setter's compile options: another language standard in place of the
     * catalog's {@code -std=}, and macros defined. Only for a language whose compile command has a
     * {@code -std=} (C, C++); {@link CompileOptions} are checked before they get here.
     */
    public Language withCompileOptions(CompileOptions options) {
        if (options == null || options.isDefault() || !acceptsCompileOptions()) {
            return this;
        }
        List<String> command = new java.util.ArrayList<>();
        for (String argument : compile) {
            command.add(
                    options.standard() != null && argument.startsWith("-std=")
                            ? "-std=" + options.standard()
                            : argument);
        }
        // Before the source and the output, as a compiler's options go.
        command.addAll(
                1, options.defines().stream().map(define -> "-D" + define).toList());
        return with(id, command);
    }

    /** This entry under another id, or with another compile command; the rest as it is. */
    private Language with(String otherId, List<String> otherCompile) {
        return new Language(
                otherId,
                name,
                version,
                image,
                sourceFile,
                otherCompile,
                run,
                environment,
                selfCheck,
                timeLimits,
                compileTimeLimit,
                polygonTypes,
                runtimeMemory,
                byDefault,
                allowedCompileOptions,
                extraSources,
                packageExtensions,
                packageCode,
                inputValidatorsOnly);
    }

    /**
     * The exit code of a self-check that works: 0 (with "ok" printed), or 42 for a language of input
     * validators, whose programs can only accept an input (the self-check one, an empty input).
     */
    public int selfCheckExitCode() {
        return inputValidatorsOnly ? KATTIS_ACCEPTED : 0;
    }

    /** Why a submission may not add these options to its compile command; empty if it may. */
    public Optional<String> compileOptionsRefusal(List<String> options) {
        if (options == null || options.isEmpty()) {
            return Optional.empty();
        }
        if (allowedCompileOptions.isEmpty()) {
            return Optional.of(name + " takes no compile options");
        }
        for (String option : options) {
            if (!allowedCompileOptions.contains(option)) {
                return Optional.of("not one of " + name + "'s: " + String.join(" ", allowedCompileOptions));
            }
        }
        if (new java.util.HashSet<>(options).size() < options.size()) {
            return Optional.of("an option is given twice");
        }
        return Optional.empty();
    }

    /**
     * This language as it compiles one submission: the options it chose go just before the source
     * file, after the catalog's own, so that they win where they differ (GCC takes the last
     * {@code -std=} and {@code -O}); its files matching {@link #extraSources} go just after it (before
     * the libraries, as a linker wants). Options are checked first ({@link #compileOptionsRefusal}).
     */
    public Language forSubmission(Collection<String> files, List<String> options) {
        List<String> extra = files.stream()
                .filter(file -> !file.equals(sourceFile) && isExtraSource(file))
                .sorted()
                .toList();
        List<String> chosen = options == null ? List.of() : options;
        if (extra.isEmpty() && chosen.isEmpty() || !isCompiled()) {
            return this;
        }
        List<String> command = new java.util.ArrayList<>(compile);
        int source = command.indexOf(sourceFile);
        if (source < 0) {
            source = command.size();
        }
        command.addAll(source, chosen);
        int afterSource = Math.min(source + chosen.size() + 1, command.size());
        command.addAll(afterSource, extra);
        return with(id, command);
    }

    private boolean isExtraSource(String file) {
        for (String pattern : extraSources) {
            if (pattern.startsWith("*") ? file.endsWith(pattern.substring(1)) : file.equals(pattern)) {
                return true;
            }
        }
        return false;
    }

    /** Whether a setter may choose its standard and macros: its compiler takes {@code -std=} (C, C++). */
    public boolean acceptsCompileOptions() {
        return compile.stream().anyMatch(argument -> argument.startsWith("-std="));
    }

    /**
     * How a setter's program is compiled, where it differs from the catalog: a language standard
     * (Polygon's cpp.g++17 is C++17) and macros ({@code NAME} or {@code NAME=value}), each from a
     * short list of safe shapes, never a free compiler flag.
     */
    public record CompileOptions(String standard, List<String> defines) {

        public static final java.util.Set<String> STANDARDS =
                java.util.Set.of("c11", "c17", "c++11", "c++14", "c++17", "c++20", "c++23");
        public static final String DEFINE = "[A-Za-z_][A-Za-z0-9_]{0,63}(=[A-Za-z0-9_.+-]{0,64})?";

        public CompileOptions {
            defines = defines == null ? List.of() : List.copyOf(defines);
            if (standard != null && !STANDARDS.contains(standard)) {
                throw new IllegalArgumentException("Not a language standard a setter may choose: " + standard);
            }
            for (String define : defines) {
                if (!define.matches(DEFINE)) {
                    throw new IllegalArgumentException("Not a macro definition: " + define);
                }
            }
        }

        public boolean isDefault() {
            return standard == null && defines.isEmpty();
        }
    }
}
