package dev.judge.api.system;

/**
 * The descriptions of answers that many operations give alike, each written once for their {@code
 * @ApiResponse}s (the OpenAPI document's customizer adds their headers: Retry-After on every 429 and 503).
 */
public final class ResponseDescriptions {

    private ResponseDescriptions() {}

    public static final String DATABASE_DOWN_NOTHING_STORED = "The database cannot be reached; nothing was stored";
    public static final String OVER_QUOTA = "The key is over a quota; nothing was stored";
    public static final String NOT_ADMIN = "Not the admin token, or the API has none";
    public static final String NOT_OWNER = "Not the problem's owner (nor the admin)";
    public static final String NOT_A_UUID = "The id is not a UUID";
    public static final String NOT_A_NUMBER = "The id is not a number";
    public static final String NO_SUCH_PROBLEM = "No problem with this id that the caller may see";
    public static final String NO_SUCH_SUBMISSION = "No submission with this id that this caller may read";
    public static final String WITHOUT_PROBLEMS_SCOPE = "A key without the scope PROBLEMS";
    public static final String NOT_A_ZIP = "The body is neither application/zip nor application/octet-stream";
}
