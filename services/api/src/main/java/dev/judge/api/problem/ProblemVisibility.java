package dev.judge.api.problem;

import io.swagger.v3.oas.annotations.media.Schema;

/**
 * A problem's visibility: who may submit to it and read its statement (its owner and the admin always
 * may). Its field in the API is {@code submitters}.
 */
// Its field is "submitters", and its schema keeps the name clients generated from the document know.
@Schema(name = "Submitters")
public enum ProblemVisibility {
    /** Its owner alone: the key that made it, or, for a problem the admin made, only the admin. */
    OWNER,
    /** Any caller. */
    PUBLIC
}
