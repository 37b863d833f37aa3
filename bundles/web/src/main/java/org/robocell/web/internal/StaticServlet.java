package org.robocell.web.internal;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.Map;

import org.osgi.framework.Bundle;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * The pages: the front end Vite built into the bundle's {@code web/} folder ({@code index.html} for {@code /}, the
 * hashed files under {@code assets/}). Nothing is fetched from elsewhere at run time. A bundle built without npm
 * ({@code -Dweb.npm.skip}) answers with a page that says so; the API works all the same.
 */
final class StaticServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;
    static final String ROOT = "web";
    private static final Map<String, String> TYPES = Map.of("html", "text/html;charset=utf-8", "js",
            "text/javascript;charset=utf-8", "css", "text/css;charset=utf-8", "svg", "image/svg+xml", "png",
            "image/png", "json", "application/json", "ico", "image/x-icon", "woff2", "font/woff2");
    private final transient Bundle bundle;

    StaticServlet(Bundle bundle) {
        this.bundle = bundle;
    }

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        String path = req.getPathInfo() == null ? req.getServletPath() : req.getServletPath() + req.getPathInfo();
        if (path.isEmpty() || path.equals("/") || path.equals("/index.html")) {
            path = "/index.html";
        }
        if (path.contains("..") || path.contains("//")) {
            resp.sendError(404);
            return;
        }
        URL url = bundle.getEntry(ROOT + path);
        if (url == null) {
            if (path.equals("/index.html")) {
                notBuilt(resp);
            } else {
                resp.sendError(404);
            }
            return;
        }
        String ext = path.substring(path.lastIndexOf('.') + 1);
        resp.setContentType(TYPES.getOrDefault(ext, "application/octet-stream"));
        // Vite's asset names carry a hash of their content; index.html must be read afresh
        resp.setHeader("Cache-Control", path.startsWith("/assets/") ? "max-age=31536000, immutable" : "no-store");
        resp.setHeader("X-Content-Type-Options", "nosniff");
        try (InputStream in = url.openStream()) {
            in.transferTo(resp.getOutputStream());
        }
    }

    private static void notBuilt(HttpServletResponse resp) throws IOException {
        byte[] b = ("<!doctype html><title>RoboCell</title><p>The web console's pages were not built into this bundle"
                + " (built with -Dweb.npm.skip). The API answers under <a href=\"api/cell\">/api</a>.</p>")
                .getBytes(StandardCharsets.UTF_8);
        resp.setStatus(200);
        resp.setContentType("text/html;charset=utf-8");
        resp.getOutputStream().write(b);
    }
}
