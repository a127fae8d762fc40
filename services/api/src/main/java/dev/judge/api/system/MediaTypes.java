package dev.judge.api.system;

/** Media types the API takes that Spring's {@code MediaType} has no constant for. */
public final class MediaTypes {

    /** A zip archive: a Polygon package, an output-only problem's outputs. */
    public static final String ZIP = "application/zip";

    private MediaTypes() {}
}
