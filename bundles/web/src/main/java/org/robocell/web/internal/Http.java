package org.robocell.web.internal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

import com.google.gson.JsonObject;

import jakarta.servlet.http.HttpServletResponse;

/** Writing JSON answers. */
final class Http {

    private Http() {
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
