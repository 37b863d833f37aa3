package org.robocell.web.internal;

import java.io.IOException;
import java.net.URL;

import org.osgi.framework.Bundle;
import org.osgi.service.servlet.context.ServletContextHelper;

import jakarta.servlet.http.Cookie;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * The console's servlet context: every request but the login page's must carry the session cookie (or
 * {@code Authorization: Bearer <token>}, for scripts). Without it, an API call is answered 401 and a page is sent to
 * the login page. A state-changing request ({@code POST}) must also be JSON, which a foreign page's form cannot send.
 */
final class TokenGate extends ServletContextHelper {

    static final String LOGIN = "/login";
    private final Session session;

    TokenGate(Bundle bundle, Session session) {
        super(bundle);
        this.session = session;
    }

    @Override
    public boolean handleSecurity(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String path = path(request);
        if (path.equals(LOGIN)) {
            return true;
        }
        if (!authenticated(request)) {
            Http.discardBody(request);
            if (path.startsWith("/api/")) {
                Http.json(response, 401, Http.error("not logged in: log in at " + LOGIN
                        + " with the token, or send Authorization: Bearer <token>"));
            } else {
                response.sendRedirect(request.getContextPath() + LOGIN);
            }
            return false;
        }
        if ("POST".equals(request.getMethod()) && path.startsWith("/api/")
                && !String.valueOf(request.getContentType()).startsWith("application/json")) {
            Http.discardBody(request);
            Http.json(response, 415, Http.error("expected Content-Type: application/json"));
            return false;
        }
        return true;
    }

    boolean authenticated(HttpServletRequest request) {
        String auth = request.getHeader("Authorization");
        if (auth != null && auth.startsWith("Bearer ") && session.tokenMatches(auth.substring(7).trim())) {
            return true;
        }
        Cookie[] cookies = request.getCookies();
        if (cookies != null) {
            for (Cookie c : cookies) {
                if (Session.COOKIE.equals(c.getName()) && session.cookieMatches(c.getValue())) {
                    return true;
                }
            }
        }
        return false;
    }

    private static String path(HttpServletRequest request) {
        String uri = request.getRequestURI();
        String ctx = request.getContextPath();
        return uri.startsWith(ctx) ? uri.substring(ctx.length()) : uri;
    }

    @Override
    public URL getResource(String name) {
        return null; // the pages are served by StaticServlet, which reads the bundle itself
    }
}
