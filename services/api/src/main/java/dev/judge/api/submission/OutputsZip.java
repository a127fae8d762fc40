package dev.judge.api.submission;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import java.util.zip.ZipException;
import java.util.zip.ZipInputStream;

import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.web.ErrorResponseException;

import dev.judge.api.system.Utf8;

/**
 * An output-only problem's outputs as a zip of files, one per test, each named with its test's number
 * (as contestants save them: {@code output_01.txt}, {@code 1.out}, {@code 3}), read as the body streams
 * in, never unpacked to disk. Folders in the zip and the files macOS and editors add ({@code __MACOSX/},
 * names from a dot) are passed over; a name is only ever read for its number, never followed. What it
 * unpacks to is counted as it is read, so that a zip bomb is refused at the limit ({@code 413}, as outputs
 * sent as JSON over it are), not after; so are the entries.
 */
final class OutputsZip {

    /** A test's number in an entry's name: any letters before it, an extension after it. */
    private static final Pattern NUMBERED = Pattern.compile("^[A-Za-z_-]*0*([1-9][0-9]{0,3})(\\.[A-Za-z0-9]{1,10})?$");

    private OutputsZip() {}

    /**
     * The outputs by test number, as {@link SubmissionRequest#outputs()} takes them.
     *
     * @param maxCharacters what they may come to together, as for outputs sent as JSON
     */
    static Map<String, String> read(InputStream body, int maxCharacters) throws IOException {
        Map<String, String> outputs = new TreeMap<>();
        long unpacked = 0;
        int entries = 0;
        // UTF-8 takes at most 4 bytes a character: more bytes than that is over the limit, whatever they say.
        long maxBytes = 4L * maxCharacters;
        long characters = 0;
        try (ZipInputStream zip = new ZipInputStream(body, StandardCharsets.UTF_8)) {
            for (ZipEntry entry = zip.getNextEntry(); entry != null; entry = zip.getNextEntry()) {
                if (++entries > SubmissionRequest.MAX_OUTPUTS * 2) {
                    throw tooLarge("more than " + SubmissionRequest.MAX_OUTPUTS * 2 + " entries");
                }
                String name = entry.getName();
                String file = name.substring(name.lastIndexOf('/') + 1);
                if (entry.isDirectory() || file.isEmpty() || file.startsWith(".") || name.startsWith("__MACOSX/")) {
                    continue;
                }
                Matcher numbered = NUMBERED.matcher(file);
                if (!numbered.matches()) {
                    throw invalid(name, "not named with a test's number (output_01.txt, 1.out)");
                }
                String number = Integer.toString(Integer.parseInt(numbered.group(1)));
                byte[] bytes = zip.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, maxBytes - unpacked + 1));
                unpacked += bytes.length;
                if (unpacked > maxBytes) {
                    throw new ContentTooLargeException("outputs", maxCharacters);
                }
                String text = Utf8.decode(bytes).orElseThrow(() -> invalid(name, "not UTF-8 text"));
                characters += text.codePointCount(0, text.length());
                if (characters > maxCharacters) {
                    throw new ContentTooLargeException("outputs", maxCharacters);
                }
                if (outputs.put(number, text) != null) {
                    throw invalid(name, "a second file for test " + number);
                }
            }
        } catch (ZipException | EOFException e) {
            // EOFException: a zip cut short inside an entry's deflated data (once a 500).
            throw invalid("(the zip)", "not a zip file: " + e.getMessage());
        }
        if (outputs.isEmpty()) {
            throw invalid("(the zip)", "no file named with a test's number");
        }
        return outputs;
    }

    private static ErrorResponseException invalid(String entry, String why) {
        ProblemDetail problem =
                ProblemDetail.forStatusAndDetail(HttpStatus.BAD_REQUEST, entry + ": " + why + ". Nothing was stored.");
        problem.setTitle("Invalid outputs");
        problem.setProperty("file", entry);
        return new ErrorResponseException(HttpStatus.BAD_REQUEST, problem, null);
    }

    /** Past what the outputs' characters limit cannot say: the entries. */
    private static ErrorResponseException tooLarge(String why) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(
                HttpStatus.CONTENT_TOO_LARGE, "The zip is over a limit: " + why + ". Nothing was stored.");
        problem.setTitle("Submission too large");
        return new ErrorResponseException(HttpStatus.CONTENT_TOO_LARGE, problem, null);
    }
}
