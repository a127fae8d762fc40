package dev.judge.api.problem.importing.kattis;

import java.io.IOException;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import dev.judge.api.problem.importing.archive.InvalidPackageException;
import dev.judge.api.problem.importing.archive.PackageArchive;
import dev.judge.contracts.ProgramFiles;
import dev.judge.contracts.language.Language;
import dev.judge.contracts.language.LanguageCatalog;

/**
 * A package's {@code include/}: the files of {@code include/<code>/} (the language's code in the format's
 * table, {@link Language#packageCode()}), else of {@code include/default/}, go with every submission in
 * that language, built beside its source as a grader's files are. A file that would be the submission's
 * entry point (a driver: the language's source file, Python's {@code __main__.py}) is refused: the name
 * the contestant's file would then need is not one the package says.
 */
final class Includes {

    /** The format's entry point of Python programs, which a driver in include/python3/ would be. */
    private static final Set<String> DRIVERS = Set.of("__main__.py");

    private final PackageArchive archive;
    private final String folder;
    private final LanguageCatalog languages;
    private final Constants constants;

    /**
     * @param folder the package's include/ folder in the zip, with its slash
     * @param constants filled into every included file, as the format says
     */
    Includes(PackageArchive archive, String folder, LanguageCatalog languages, Constants constants) {
        this.archive = archive;
        this.folder = folder;
        this.languages = languages;
        this.constants = constants;
    }

    /**
     * Each language's files by their names; empty when the package includes nothing. When it does, every
     * language is in it (with no files where none go with it), as a language without a grader is refused.
     */
    Map<String, Map<String, String>> graders() throws IOException {
        if (archive.files().stream().noneMatch(file -> file.startsWith(folder))) {
            return Map.of();
        }
        for (String file : archive.files()) {
            if (file.startsWith(folder) && file.substring(folder.length()).indexOf('/') < 0) {
                throw new InvalidPackageException(file, "include/ holds folders by language, not files");
            }
        }
        Map<String, Map<String, String>> graders = new TreeMap<>();
        // Each folder is read once, however many languages it goes with (default/ goes with most).
        Map<String, Map<String, String>> read = new TreeMap<>();
        for (Language language : languages.forSubmissions().values()) {
            String own = folder + language.packageCode() + "/";
            String from = has(own) ? own : folder + "default/";
            Map<String, String> files = read.get(from);
            if (files == null) {
                files = files(from);
                read.put(from, files);
            }
            refuseDriver(from, files, language);
            graders.put(language.id(), files);
        }
        return graders;
    }

    private boolean has(String languageFolder) {
        return archive.files().stream().anyMatch(file -> file.startsWith(languageFolder));
    }

    /** A file that would be the entry point of this language's submissions (a driver) is refused. */
    private static void refuseDriver(String languageFolder, Map<String, String> files, Language language) {
        for (String name : files.keySet()) {
            if (name.equals(language.sourceFile()) || DRIVERS.contains(name)) {
                throw new InvalidPackageException(
                        languageFolder + name,
                        "it would be the entry point of " + language.name()
                                + " submissions (a driver), and the name a contestant's file would then need is not "
                                + "one the package gives");
            }
        }
    }

    private Map<String, String> files(String languageFolder) throws IOException {
        Map<String, String> files = new TreeMap<>();
        for (String file : archive.files()) {
            if (!file.startsWith(languageFolder)) {
                continue;
            }
            String name = file.substring(languageFolder.length());
            if (name.contains("/")) {
                throw new InvalidPackageException(
                        file, "included files in folders are not taken; one folder a language");
            }
            ProgramFiles.refusal(name).ifPresent(reason -> {
                throw new InvalidPackageException(file, reason);
            });
            files.put(name, constants.inProgram(file, archive.program(file)));
        }
        return files;
    }
}
