package org.robocell.web.internal;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

import com.google.gson.JsonObject;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/** Writing JSON answers. */
final class Http {

    /** The most of a refused request's body read and dropped so that its connection stays open. */
    static final int DISCARDED_BODY_LIMIT = 64 * 1024;

    private Http() {
    }

    /**
     * Reads and drops the body of a request that is refused without reading it (401, 415), up to
     * {@link #DISCARDED_BODY_LIMIT} bytes. A server that answers and closes a connection with the body still unread
     * in its socket makes the kernel reset it, and the client can lose the answer it was sent (Java's HttpClient:
     * "header parser received no bytes"); read, the connection is kept for the next request.
     */
    static void discardBody(HttpServletRequest request) throws IOException {
        long length = request.getContentLengthLong();
        if (length == 0 || length > DISCARDED_BODY_LIMIT) {
            return; // nothing to read, or too much: the server closes the connection after the answer
        }
        byte[] buf = new byte[4096];
        int left = DISCARDED_BODY_LIMIT;
        InputStream in = request.getInputStream();
        int n;
        while (left > 0 && (n = in.read(buf, 0, Math.min(buf.length, left))) > 0) {
            left -= n;
        }
    }

    static JsonObject error(String message) {
        JsonObject o = new JsonObject();
        o.addProperty("ok", false);
        o.addProperty("error", message);
        return o;
    }

    static void json(HttpServletResponse response, int status, JsonObject body) throws IOException {
        byte[] bytes = body.toString().getBytes(StandardCharsets.UTF_8);
        response.setStatus(status);
        response.setContentType("application/json;charset=utf-8");
        response.setHeader("Cache-Control", "no-store");
        response.setContentLength(bytes.length);
        response.getOutputStream().write(bytes);
    }
}
