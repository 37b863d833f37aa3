package org.robocell.web.internal;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;

import org.robocell.description.UrdfWriter;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * The JSON API under {@code /api}: GET {@code cell}, {@code channels}, {@code robots/<robot>/controllers},
 * {@code robots/<robot>/hardware}, {@code robots/<robot>/urdf} (text); POST {@code robots/<robot>/controllers}
 * ({@link ControllerAction}). A refusal is one line in {@code {"ok":false,"error":...}} with a 4xx status.
 */
final class ApiServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;
    static final int MAX_BODY = 16 * 1024;
    private final transient Robots robots;
    private final transient CellView view;

    ApiServlet(Robots robots, CellView view) {
        this.robots = robots;
        this.view = view;
    }

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        String[] p = parts(req);
        try {
            if (p.length == 1 && p[0].equals("cell")) {
                Http.json(resp, 200, view.cell());
            } else if (p.length == 1 && p[0].equals("channels")) {
                Http.json(resp, 200, view.channels());
            } else if (p.length == 3 && p[0].equals("robots") && p[2].equals("controllers")) {
                Http.json(resp, 200, view.controllers(p[1]));
            } else if (p.length == 3 && p[0].equals("robots") && p[2].equals("hardware")) {
                Http.json(resp, 200, view.hardware(p[1]));
            } else if (p.length == 3 && p[0].equals("robots") && p[2].equals("urdf")) {
                robots.robot(p[1]);
                var model = robots.model(p[1]).orElseThrow(() -> new Robots.NotFound(
                        "robot '" + p[1] + "' has no robot model (yet)"));
                byte[] bytes = UrdfWriter.write(model).getBytes(StandardCharsets.UTF_8);
                resp.setContentType("application/xml;charset=utf-8");
                resp.setHeader("Cache-Control", "no-store");
                resp.setContentLength(bytes.length);
                resp.getOutputStream().write(bytes);
            } else {
                Http.json(resp, 404, Http.error("no API at " + req.getRequestURI()));
            }
        } catch (Robots.NotFound e) {
            Http.json(resp, 404, Http.error(e.getMessage()));
        }
    }

    @Override
    protected void doPost(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        String[] p = parts(req);
        if (!(p.length == 3 && p[0].equals("robots") && p[2].equals("controllers"))) {
            Http.discardBody(req);
            Http.json(resp, 404, Http.error("no API at " + req.getRequestURI() + " for POST"));
            return;
        }
        Robots.Robot robot;
        try {
            robot = robots.robot(p[1]);
        } catch (Robots.NotFound e) {
            Http.discardBody(req);
            Http.json(resp, 404, Http.error(e.getMessage()));
            return;
        }
        try {
            JsonObject body = body(req);
            ControllerAction.Outcome outcome = ControllerAction.run(robot, body);
            Http.json(resp, outcome.status(), outcome.toJson());
        } catch (IllegalArgumentException e) {
            Http.json(resp, 400, Http.error(e.getMessage()));
        }
    }

    private static JsonObject body(HttpServletRequest req) throws IOException {
        if (req.getContentLengthLong() > MAX_BODY) {
            throw new IllegalArgumentException("body: expected at most " + MAX_BODY + " bytes of JSON");
        }
        char[] buf = new char[MAX_BODY + 1];
        int n = 0;
        try (Reader r = req.getReader()) {
            int k;
            while (n < buf.length && (k = r.read(buf, n, buf.length - n)) > 0) {
                n += k;
            }
        }
        if (n > MAX_BODY) {
            throw new IllegalArgumentException("body: expected at most " + MAX_BODY + " bytes of JSON");
        }
        try {
            JsonElement e = JsonParser.parseString(new String(buf, 0, n));
            if (!e.isJsonObject()) {
                throw new IllegalArgumentException("body: expected a JSON object such as {\"action\":\"activate\",\"names\":[...]}");
            }
            return e.getAsJsonObject();
        } catch (JsonParseException e) {
            throw new IllegalArgumentException("body: not JSON: " + e.getMessage());
        }
    }

    /** The path below /api, split at '/' (robot names and controller names never hold one there). */
    private static String[] parts(HttpServletRequest req) {
        String info = req.getPathInfo();
        if (info == null || info.equals("/")) {
            return new String[0];
        }
        return info.substring(1).split("/");
    }
}
