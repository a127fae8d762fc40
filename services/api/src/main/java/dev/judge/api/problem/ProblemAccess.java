package dev.judge.api.problem;

import java.util.Collection;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import org.springframework.stereotype.Component;
import org.springframework.web.ErrorResponseException;

import dev.judge.api.access.AccessProperties;
import dev.judge.api.access.Caller;
import dev.judge.api.access.UnauthorizedException;
import dev.judge.api.system.NotFoundException;
import dev.judge.api.system.UnknownReferenceException;

/**
 * Checks a caller against a problem's owner ({@link ProblemOwner} has the rules). A problem the
 * caller may not see is answered as one that does not exist (404, or 422 where a submission names
 * it), so that ids do not tell one tenant what another has. Owners are read once per
 * {@code judge.access.key-cache-ttl} on each replica, as keys are: a burst of submissions to one
 * problem asks the database once.
 */
@Component
public class ProblemAccess {

    private final ProblemRepository problems;
    private final Cache<Long, ProblemOwner> owners;
    private final Cache<Long, SubmissionRules> rules;
    private final Cache<String, ProblemVersion.Feedback> feedback;

    ProblemAccess(ProblemRepository problems, AccessProperties access) {
        this.problems = problems;
        this.owners = Caffeine.newBuilder()
                .maximumSize(10_000)
                .expireAfterWrite(access.keyCacheTtl())
                .build();
        this.rules = Caffeine.newBuilder()
                .maximumSize(10_000)
                .expireAfterWrite(access.keyCacheTtl())
                .build();
        // A version never changes: what it says is kept as long as there is room.
        this.feedback = Caffeine.newBuilder().maximumSize(10_000).build();
    }

    /** What a submission's own key sees of a judgement against this version; full for one that does not exist. */
    public ProblemVersion.Feedback feedback(long problemId, int version) {
        return feedback.get(
                problemId + "/" + version,
                key -> problems.feedback(problemId, version).orElse(ProblemVersion.Feedback.FULL));
    }

    /**
     * Whether the submissions of this key (null: anonymous ones) are the problem's owner's own, whose
     * judgements it sees in full; false for a problem that does not exist.
     */
    public boolean isOwnedByKey(long problemId, UUID keyId) {
        return owner(problemId).map(owner -> owner.madeTheSubmissionOf(keyId)).orElse(false);
    }

    /** What a problem's current version takes, as read at most {@code judge.access.key-cache-ttl} ago. */
    public SubmissionRules submissionRules(long problemId) {
        return rules.get(problemId, problems::submissionRules);
    }

    /** Whether the caller may submit to this problem; false for one that does not exist. */
    public boolean isOpenTo(Caller caller, long problemId) {
        return owner(problemId).map(owner -> owner.isOpenTo(caller)).orElse(false);
    }

    /** Those of these problems the caller may submit to. */
    public Set<Long> openTo(Caller caller, Collection<Long> problemIds) {
        return problemIds.stream().filter(id -> isOpenTo(caller, id)).collect(Collectors.toSet());
    }

    /** The problem's owner, if the caller may see the problem; 404 otherwise. */
    ProblemOwner requireOpen(Caller caller, long problemId) {
        return owner(problemId)
                .filter(owner -> owner.isOpenTo(caller))
                .orElseThrow(() -> new NotFoundException("problem", problemId));
    }

    /** 404 for a problem the caller may not see, 403 for one it may see but not manage. */
    public ProblemOwner requireManaged(Caller caller, long problemId) {
        ProblemOwner owner = requireOpen(caller, problemId);
        if (!owner.isManagedBy(caller)) {
            throw UnauthorizedException.notTheOwner("problem");
        }
        return owner;
    }

    /**
     * Why a submission to this problem could not be stored: its current version is not ready (409), or
     * the problem does not exist (422). Asked only after the insert was refused, never on the common path.
     */
    public ErrorResponseException refusal(long problemId) {
        return problems.currentPreparation(problemId)
                .filter(preparation -> !preparation.isReady())
                .<ErrorResponseException>map(
                        preparation -> new ProblemNotReadyException(problemId, preparation.status()))
                .orElseGet(() -> new UnknownReferenceException("problem", problemId, null));
    }

    /** 409 unless the problem's current version takes submissions (a rejudge's check). */
    public void requireReady(long problemId) {
        problems.currentPreparation(problemId)
                .filter(preparation -> !preparation.isReady())
                .ifPresent(preparation -> {
                    throw new ProblemNotReadyException(problemId, preparation.status());
                });
    }

    /** After a change of who may submit: this replica knows at once, the others within the cache's time. */
    void forget(long problemId) {
        owners.invalidate(problemId);
        rules.invalidate(problemId);
    }

    private Optional<ProblemOwner> owner(long problemId) {
        // A problem that does not exist is not remembered: it may be made the next moment.
        return Optional.ofNullable(
                owners.get(problemId, id -> problems.owner(id).orElse(null)));
    }
}
