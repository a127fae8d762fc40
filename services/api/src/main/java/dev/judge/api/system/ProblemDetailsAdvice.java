package dev.judge.api.system;

import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.TransientDataAccessException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.transaction.TransactionException;
import org.springframework.transaction.TransactionSystemException;
import org.springframework.validation.FieldError;
import org.springframework.web.bind.MethodArgumentNotValidException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler;
import tools.jackson.core.exc.StreamConstraintsException;

/**
 * Every error as RFC 9457 problem details ({@code application/problem+json}). Spring's base class
 * covers the framework's exceptions (malformed JSON, wrong types, unknown routes...) and our
 * {@link org.springframework.web.ErrorResponseException}s; this adds field-level detail to
 * validation errors and keeps anything unexpected a problem document too.
 */
@RestControllerAdvice
class ProblemDetailsAdvice extends ResponseEntityExceptionHandler {

    private static final Logger log = LoggerFactory.getLogger(ProblemDetailsAdvice.class);
    private static final Duration DATABASE_RETRY_AFTER = Duration.ofSeconds(5);

    @Override
    protected ResponseEntity<Object> handleMethodArgumentNotValid(
            MethodArgumentNotValidException ex, HttpHeaders headers, HttpStatusCode status, WebRequest request) {
        ProblemDetail problem = ex.getBody();
        problem.setTitle("Invalid request");
        List<Map<String, Object>> errors = ex.getBindingResult().getAllErrors().stream()
                .map(error -> Map.<String, Object>of(
                        "field",
                        error instanceof FieldError field ? field.getField() : error.getObjectName(),
                        "message",
                        String.valueOf(error.getDefaultMessage())))
                .toList();
        problem.setDetail(errors.stream()
                .map(e -> e.get("field") + ": " + e.get("message"))
                .sorted()
                .reduce((a, b) -> a + "; " + b)
                .orElse("Invalid request content."));
        problem.setProperty("errors", errors);
        return handleExceptionInternal(ex, problem, headers, status, request);
    }

    @Override
    protected ResponseEntity<Object> handleHttpMessageNotReadable(
            HttpMessageNotReadableException ex, HttpHeaders headers, HttpStatusCode status, WebRequest request) {
        // Over one of the parser's limits (spring.jackson.factory.constraints.read.*): the body's
        // length, a string's, the nesting depth. Jackson's message names the limit.
        if (causeOfType(ex, StreamConstraintsException.class) != null) {
            ProblemDetail problem = ProblemDetail.forStatusAndDetail(
                    HttpStatus.CONTENT_TOO_LARGE, "The body is over a limit of this API: " + rootMessage(ex));
            problem.setTitle("Request too large");
            return handleExceptionInternal(ex, problem, headers, HttpStatus.CONTENT_TOO_LARGE, request);
        }
        // Jackson's message names the offending field and type, and does not echo the body.
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(
                status, "The body is not valid JSON of the expected shape: " + rootMessage(ex));
        problem.setTitle("Malformed request body");
        return handleExceptionInternal(ex, problem, headers, status, request);
    }

    /** The database is down or its connections are all taken: a client should retry, not give up. */
    @ExceptionHandler({DataAccessResourceFailureException.class, TransientDataAccessException.class})
    ResponseEntity<Object> handleDatabaseUnavailable(DataAccessException ex, WebRequest request) {
        log.warn("Database unavailable: {}", ex.toString());
        TryLaterException unavailable = TryLaterException.databaseUnavailable(DATABASE_RETRY_AFTER);
        return handleErrorResponseException(
                unavailable, unavailable.getHeaders(), unavailable.getStatusCode(), request);
    }

    /**
     * A transaction that could not begin, or whose statement and rollback both failed, because the
     * connection went (a database failover cuts every connection and refuses new ones until a replica
     * is promoted): the same 503. Any other transaction failure is unexpected.
     */
    @ExceptionHandler
    ResponseEntity<Object> handleTransactionFailure(TransactionException ex, WebRequest request) {
        if (!connectionLost(ex)
                && !(ex instanceof TransactionSystemException failed
                        && failed.getApplicationException() != null
                        && connectionLost(failed.getApplicationException()))) {
            return ResponseEntity.internalServerError().body(handleUnexpected(ex));
        }
        return handleDatabaseUnavailable(new DataAccessResourceFailureException(ex.getMessage(), ex), request);
    }

    /** Whether the database was out of reach: no connection within the pool's wait, or one cut (SQLSTATE 08: connection exception, 57: operator intervention). */
    private static boolean connectionLost(Throwable ex) {
        for (Throwable cause = ex; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (cause instanceof SQLTransientConnectionException
                    || (cause instanceof SQLException sql
                            && sql.getSQLState() != null
                            && (sql.getSQLState().startsWith("08")
                                    || sql.getSQLState().startsWith("57")))) {
                return true;
            }
        }
        return false;
    }

    @ExceptionHandler
    ProblemDetail handleUnexpected(Exception ex) {
        log.error("Unexpected error", ex);
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(
                HttpStatus.INTERNAL_SERVER_ERROR, "The server failed to handle this request; it has been logged.");
        problem.setTitle("Internal error");
        return problem;
    }

    private static Throwable causeOfType(Throwable ex, Class<? extends Throwable> type) {
        for (Throwable cause = ex; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (type.isInstance(cause)) {
                return cause;
            }
        }
        return null;
    }

    private static String rootMessage(Throwable ex) {
        Throwable cause = ex;
        while (cause.getCause() != null && cause.getCause() != cause) {
            cause = cause.getCause();
        }
        String message = String.valueOf(cause.getMessage());
        int newline = message.indexOf('\n');
        return newline < 0 ? message : message.substring(0, newline);
    }
}
