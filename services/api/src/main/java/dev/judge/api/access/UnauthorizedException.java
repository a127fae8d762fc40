package dev.judge.api.access;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.web.ErrorResponseException;

/** 401 without usable credentials (with a Bearer challenge), 403 with credentials that do not reach this. */
public class UnauthorizedException extends ErrorResponseException {

    private UnauthorizedException(HttpStatus status, String title, String detail) {
        super(status, problem(status, title, detail), null);
        if (status == HttpStatus.UNAUTHORIZED) {
            getHeaders().set(HttpHeaders.WWW_AUTHENTICATE, "Bearer realm=\"judge\"");
        }
    }

    static UnauthorizedException missing() {
        return new UnauthorizedException(
                HttpStatus.UNAUTHORIZED, "Authentication required", "Send an API key as Authorization: Bearer <key>.");
    }

    static UnauthorizedException invalid() {
        return new UnauthorizedException(
                HttpStatus.UNAUTHORIZED,
                "Invalid credentials",
                "The bearer token is not an active API key nor the admin token.");
    }

    static UnauthorizedException adminOnly() {
        return new UnauthorizedException(HttpStatus.FORBIDDEN, "Admin only", "Only the admin token may do this.");
    }

    /** A key without the scope this needs. */
    public static UnauthorizedException outOfScope(Scope scope) {
        return new UnauthorizedException(
                HttpStatus.FORBIDDEN,
                "Not in this key's scopes",
                "This needs a key with the scope " + scope + "; the admin sets a key's scopes.");
    }

    /** A problem the caller may see but not change: not its own. */
    public static UnauthorizedException notTheOwner(String what) {
        return new UnauthorizedException(
                HttpStatus.FORBIDDEN,
                "Not the owner",
                "Only the owner of this " + what + " and the admin may do this.");
    }

    static UnauthorizedException noAdmin() {
        return new UnauthorizedException(
                HttpStatus.FORBIDDEN, "No admin", "This API has no admin: judge.access.admin-token is not set.");
    }

    private static ProblemDetail problem(HttpStatus status, String title, String detail) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(status, detail);
        problem.setTitle(title);
        return problem;
    }
}
