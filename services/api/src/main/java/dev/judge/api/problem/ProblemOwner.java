package dev.judge.api.problem;

import java.util.Objects;
import java.util.UUID;

import dev.judge.api.access.Caller;
import dev.judge.api.access.Scope;

/**
 * Whose a problem is, and who may submit to it. The one place the rules live:
 * <ul>
 * <li>the admin manages every problem;</li>
 * <li>a key manages the problems it made while it has the scope {@link Scope#PROBLEMS};</li>
 * <li>the anonymous caller (only where {@code judge.access.anonymous} is on: a local stack) manages
 *     the problems anonymous calls made;</li>
 * <li>its owner and, for a {@link ProblemVisibility#PUBLIC} problem, anyone may submit to it and read its
 *     statement (never its tests nor the setters' code); to anyone else it does not exist.</li>
 * </ul>
 *
 * @param keyId the key that made it; null for the admin's and the anonymous caller's
 * @param anonymous made by an anonymous call
 */
public record ProblemOwner(UUID keyId, boolean anonymous, ProblemVisibility submitters) {

    /** The owner of a problem this caller makes. */
    public static ProblemOwner of(Caller caller, ProblemVisibility submitters) {
        ProblemVisibility who = submitters == null ? ProblemVisibility.OWNER : submitters;
        return switch (caller) {
            case Caller.Admin admin -> new ProblemOwner(null, false, who);
            case Caller.Anonymous anonymous -> new ProblemOwner(null, true, who);
            case Caller.KeyHolder holder -> new ProblemOwner(holder.keyId(), false, who);
        };
    }

    /** The same owner, open to {@code submitters} (null: as before), as an edit leaves it. */
    ProblemOwner withSubmitters(ProblemVisibility submitters) {
        return submitters == null ? this : new ProblemOwner(keyId, anonymous, submitters);
    }

    boolean isOwnedBy(Caller caller) {
        return switch (caller) {
            case Caller.Admin admin -> true;
            case Caller.Anonymous anonymous -> this.anonymous;
            case Caller.KeyHolder holder -> Objects.equals(keyId, holder.keyId());
        };
    }

    /**
     * Whether a submission made with this key (null: anonymously, or by the admin) is its owner's own:
     * the key that made it, or an anonymous submission to an anonymous caller's problem.
     */
    boolean madeTheSubmissionOf(UUID submitterKeyId) {
        return submitterKeyId == null ? anonymous : submitterKeyId.equals(keyId);
    }

    /** May change it, upload and read its tests, read its setters' code. */
    boolean isManagedBy(Caller caller) {
        return isOwnedBy(caller) && caller.has(Scope.PROBLEMS);
    }

    /** May submit to it and read its statement. */
    boolean isOpenTo(Caller caller) {
        return submitters == ProblemVisibility.PUBLIC || isOwnedBy(caller);
    }
}
