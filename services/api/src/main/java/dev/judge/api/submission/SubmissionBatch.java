package dev.judge.api.submission;

import java.util.List;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

/** Many submissions in one request: all are stored, or none. */
public record SubmissionBatch(
        @NotNull @Size(min = 1, max = MAX_SIZE) List<@NotNull @Valid SubmissionRequest> submissions) {

    /** The most submissions in one batch, and the most ids in one read of many. */
    public static final int MAX_SIZE = 100;
}
