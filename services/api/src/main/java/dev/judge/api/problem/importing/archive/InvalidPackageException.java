package dev.judge.api.problem.importing.archive;

/** A problem package refused: {@code file} is the one at fault (its metadata file for what that says). */
public final class InvalidPackageException extends RuntimeException {

    private final String file;
    private final boolean tooLarge;

    public InvalidPackageException(String file, String reason, boolean tooLarge) {
        super(reason);
        this.file = file;
        this.tooLarge = tooLarge;
    }

    public InvalidPackageException(String file, String reason) {
        this(file, reason, false);
    }

    public String file() {
        return file;
    }

    /** Over a limit of this judge's (413), rather than broken (400). */
    public boolean tooLarge() {
        return tooLarge;
    }
}
