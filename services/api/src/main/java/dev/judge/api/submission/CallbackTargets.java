package dev.judge.api.submission;

import java.util.Optional;

/**
 * Which callback URLs a submission may name. Owned here and implemented by api {@code webhook/}, which
 * delivers the verdicts: accepting a submission needs only the answer, not the deliveries.
 */
public interface CallbackTargets {

    /** What the URL itself says (scheme, host, credentials, port); no lookup. Empty if it may be called. */
    Optional<String> formRefusal(String url);

    /** Where the URL's host leads: every address public. Empty if it may be called. */
    Optional<String> addressRefusal(String url);
}
