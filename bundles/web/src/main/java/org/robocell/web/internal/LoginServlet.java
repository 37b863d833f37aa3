package org.robocell.web.internal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * The login page: a form that takes the token ({@code POST /login}), or the link the start line prints
 * ({@code GET /login?token=...}, as Jupyter's). The right token sets the HttpOnly session cookie and goes to the
 * console; a wrong one is refused (403) with the form again.
 */
final class LoginServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;
    private final transient Session session;

    LoginServlet(Session session) {
        this.session = session;
    }

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        String token = req.getParameter("token");
        if (token == null) {
            page(resp, 200, "");
        } else {
            login(req, resp, token);
        }
    }

    @Override
    protected void doPost(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        login(req, resp, req.getParameter("token"));
    }

    private void login(HttpServletRequest req, HttpServletResponse resp, String token) throws IOException {
        if (!session.tokenMatches(token == null ? null : token.trim())) {
            page(resp, 403, "Wrong token: the token is in the runtime's log line \"Web console on ...\" or in"
                    + " deploy/org.robocell.web.cfg.");
            return;
        }
        resp.setHeader("Set-Cookie", session.setCookie(req.isSecure()));
        resp.setStatus(303);
        resp.setHeader("Location", req.getContextPath() + "/");
    }

    private static void page(HttpServletResponse resp, int status, String message) throws IOException {
        String html = """
                <!doctype html>
                <html lang="en"><head><meta charset="utf-8"><title>RoboCell — log in</title>
                <meta name="viewport" content="width=device-width, initial-scale=1">
                <style>body{font-family:system-ui,sans-serif;background:#111827;color:#e5e7eb;display:flex;
                justify-content:center;margin-top:15vh}form{background:#1f2937;padding:2em;border-radius:8px;width:26em}
                input{width:100%;box-sizing:border-box;padding:.5em;margin:.5em 0;font-family:monospace}
                button{padding:.5em 1.5em}.error{color:#f87171}</style></head>
                <body><form method="post" action="login"><h2>RoboCell web console</h2>
                <p class="error" id="error">MESSAGE</p>
                <label for="token">Token</label><input id="token" name="token" type="password" autofocus
                autocomplete="off"><button id="login" type="submit">Log in</button></form></body></html>
                """.replace("MESSAGE", message);
        byte[] bytes = html.getBytes(StandardCharsets.UTF_8);
        resp.setStatus(status);
        resp.setContentType("text/html;charset=utf-8");
        resp.setHeader("Cache-Control", "no-store");
        resp.setContentLength(bytes.length);
        resp.getOutputStream().write(bytes);
    }
}
