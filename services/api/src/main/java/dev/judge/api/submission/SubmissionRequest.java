package dev.judge.api.submission;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.swagger.v3.oas.annotations.media.Schema;
import jakarta.validation.Valid;
import jakarta.validation.constraints.AssertTrue;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.Size;

import dev.judge.api.system.UnicodeText;
import dev.judge.contracts.JudgeRequest;
import dev.judge.contracts.Lane;
import dev.judge.contracts.ProgramFiles;

/**
 * A submission: a program to a problem ({@code problemId}), or run on {@code stdin} or {@code stdins};
 * or the outputs of an output-only problem's tests. A null counts as left out. The length limits are
 * configurable, so not annotations: {@link SubmissionService} checks them and {@link
 * SubmissionApiDocument} writes them into the OpenAPI document.
 */
record SubmissionRequest(
        @Positive @Schema(description = "The problem to judge against", example = "1")
        Long problemId,

        @Pattern(regexp = UnicodeText.NOT_BLANK_NOR_NUL, message = UnicodeText.NOT_BLANK_NOR_NUL_MESSAGE)
        @UnicodeText
        @Schema(description = "A language id from GET /api/languages", example = "python")
        String language,

        @Pattern(regexp = UnicodeText.NOT_BLANK_NOR_NUL, message = UnicodeText.NOT_BLANK_NOR_NUL_MESSAGE)
        @UnicodeText
        @Schema(
                description = "The program: Unicode text without NUL. Left out, it is the one of files named as "
                        + "its language's source file (sourceFile in GET /api/languages: main.py, Main.java...)",
                example = "a, b = map(int, input().split())\nprint(a + b)\n")
        String sourceCode,

        @UnicodeText @Schema(description = "The input of a run without a problem, kept as sent, NUL included")
        String stdin,

        @Size(max = 2000)
        @Schema(
                types = {"string", "null"},
                description = "Where to POST the submission once it is finished, signed with the key's webhook secret "
                        + "(Judge-Signature); http or https, public addresses only",
                example = "https://judge-client.example/verdicts")
        String callbackUrl,

        @Schema(
                types = {"string", "null"},
                description = "The lane to judge it in, if its key allows it; left out, the key's default "
                        + "(PRACTICE without a key)",
                example = "CONTEST")
        Lane lane,

        @Size(max = ProgramFiles.MAX_FILES)
        @Schema(
                types = {"array", "null"},
                description =
                        "More files of the program beside sourceCode (headers, modules, classes), built with it "
                                + "as its language's extraSources say (GET /api/languages), or all of it, its language's "
                                + "source file among them; sourceCode and these together count against sourceCode's length limit")
        List<@Valid @NotNull SourceFile> files,

        @Size(min = 1, max = SubmissionRequest.MAX_STDINS)
        @Schema(
                description = "The inputs of runs without a problem, one run each, compiled once; kept as sent, "
                        + "NUL included, and together no longer than stdin's limit",
                example = "[\"1 2\\n\", \"40 2\\n\"]")
        List<@NotNull @UnicodeText String> stdins,

        @Size(max = SubmissionRequest.MAX_COMPILE_OPTIONS)
        @Schema(
                types = {"array", "null"},
                description = "Added to the language's compile command, each one of its compileOptions "
                        + "(GET /api/languages); any other is refused",
                example = "[\"-std=c++17\", \"-O3\"]")
        List<@NotNull String> compileOptions,

        @Size(min = 1, max = SubmissionRequest.MAX_OUTPUTS)
        @Schema(
                description = "To an output-only problem, in place of language and sourceCode: the output of each "
                        + "test by its number from 1, kept as sent; a test left out is a wrong answer",
                example = "{\"1\": \"3\\n\", \"2\": \"42\\n\"}")
        Map<@NotNull @Pattern(regexp = "^[1-9][0-9]{0,3}$") String, @NotNull @UnicodeText String> outputs) {

    static final int MAX_COMPILE_OPTIONS = 16;

    /** The most inputs one run without a problem takes. */
    static final int MAX_STDINS = 20;

    /** The most outputs one submission to an output-only problem gives (a problem's most tests). */
    static final int MAX_OUTPUTS = 2000;

    /** A file of the program beside its source, e.g. a header. */
    record SourceFile(
            @NotNull @Pattern(regexp = ProgramFiles.ALLOWED_NAME) @Schema(example = "geometry.h")
            String name,

            @NotNull
            @Pattern(regexp = "^[^\\u0000]*$", message = "must have no NUL (U+0000)")
            @UnicodeText
            @Schema(example = "struct Point { long long x, y; };\n")
            String content) {}

    /** Its files and compile options as the request message carries them; null for the source alone. */
    JudgeRequest.Program program() {
        if ((files == null || files.isEmpty()) && (compileOptions == null || compileOptions.isEmpty())) {
            return null;
        }
        Map<String, String> byName = new LinkedHashMap<>();
        if (files != null) {
            files.forEach(file -> byName.put(file.name(), file.content()));
        }
        return new JudgeRequest.Program(null, byName, compileOptions);
    }

    @AssertTrue(message = "give one of problemId, stdin and stdins")
    @Schema(hidden = true)
    boolean isProblemOrStdin() {
        return (problemId != null ? 1 : 0) + (stdin != null ? 1 : 0) + (stdins != null ? 1 : 0) == 1;
    }

    @AssertTrue(
            message = "give language and sourceCode (or files, its language's source file among them), or (to an "
                    + "output-only problem) outputs, not both")
    @Schema(hidden = true)
    boolean isProgramOrOutputs() {
        return outputs == null
                ? language != null && (sourceCode != null || files != null)
                : language == null
                        && sourceCode == null
                        && files == null
                        && compileOptions == null
                        && problemId != null;
    }

    /**
     * This request with its source taken out of its files when it gives files instead of sourceCode: the
     * one named {@code sourceFile}, its language's; as it is otherwise, or when none is so named.
     */
    SubmissionRequest withSourceFromFiles(String sourceFile) {
        if (sourceCode != null || files == null || outputs != null) {
            return this;
        }
        SourceFile source = files.stream()
                .filter(file -> sourceFile.equals(file.name()))
                .findFirst()
                .orElse(null);
        if (source == null) {
            return this;
        }
        List<SourceFile> others = files.stream().filter(file -> file != source).toList();
        return new SubmissionRequest(
                problemId,
                language,
                source.content(),
                stdin,
                callbackUrl,
                lane,
                others.isEmpty() ? null : others,
                stdins,
                compileOptions,
                outputs);
    }

    /** Outputs to an output-only problem, as a zip of them gives them ({@link OutputsZip}). */
    static SubmissionRequest outputsTo(long problemId, Map<String, String> outputs) {
        return new SubmissionRequest(problemId, null, null, null, null, null, null, null, null, outputs);
    }

    /** The language it is stored and judged as: its own, or {@link JudgeRequest#OUTPUT_ONLY} for outputs. */
    String storedLanguage() {
        return outputs != null ? JudgeRequest.OUTPUT_ONLY : language;
    }

    /** The source it is stored with: its own, or nothing for outputs. */
    String storedSource() {
        return outputs != null ? "" : sourceCode;
    }

    /** Whether it gives outputs to an output-only problem rather than a program. */
    boolean isOutputs() {
        return outputs != null;
    }

    /**
     * Its outputs in test order, by index from 0 (null where a test has none), as the request message
     * carries them; null for a program.
     */
    List<String> outputsByIndex() {
        if (outputs == null) {
            return null;
        }
        int count = outputs.keySet().stream().mapToInt(Integer::parseInt).max().orElse(0);
        List<String> byIndex = new java.util.ArrayList<>(java.util.Collections.nCopies(count, (String) null));
        outputs.forEach((number, output) -> byIndex.set(Integer.parseInt(number) - 1, output));
        return byIndex;
    }

    /** The inputs of its runs without a problem: stdin's, or stdins; empty for a submission to a problem. */
    List<String> inputs() {
        return stdins != null ? stdins : stdin != null ? List.of(stdin) : List.of();
    }
}
