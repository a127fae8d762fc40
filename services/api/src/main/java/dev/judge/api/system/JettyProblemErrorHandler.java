package dev.judge.api.system;

import java.nio.ByteBuffer;
import java.util.LinkedHashMap;
import java.util.Map;

import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.handler.ErrorHandler;
import org.eclipse.jetty.util.Callback;
import tools.jackson.databind.json.JsonMapper;

/**
 * Errors Jetty answers itself, before Spring sees the request (a URI with a suspicious character, a
 * malformed request line or header), as RFC 9457 problem details like every other error, instead of
 * Jetty's HTML page.
 */
class JettyProblemErrorHandler extends ErrorHandler {

    private final JsonMapper json;

    JettyProblemErrorHandler(JsonMapper json) {
        this.json = json;
    }

    @Override
    protected void generateResponse(
            Request request, Response response, int code, String message, Throwable cause, Callback callback) {
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, OpenApiDocument.PROBLEM_MEDIA_TYPE);
        response.write(true, ByteBuffer.wrap(problem(json, code, message)), callback);
    }

    /** Every method gets its problem document; Jetty's default writes a body only for GET, POST and HEAD. */
    @Override
    public boolean errorPageForMethod(String method) {
        return true;
    }

    @Override
    public ByteBuffer badMessageError(int status, String reason, HttpFields.Mutable fields) {
        fields.put(HttpHeader.CONTENT_TYPE, OpenApiDocument.PROBLEM_MEDIA_TYPE);
        return ByteBuffer.wrap(problem(json, status, reason));
    }

    private static byte[] problem(JsonMapper json, int status, String message) {
        Map<String, Object> problem = new LinkedHashMap<>();
        problem.put("title", HttpStatus.getMessage(status));
        problem.put("status", status);
        if (message != null) {
            problem.put("detail", message);
        }
        return json.writeValueAsBytes(problem);
    }
}
