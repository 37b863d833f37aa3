package org.robocell.foxglove.internal;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;

/**
 * Who may change the cell (set parameters): every client of a server bound to loopback only; beyond loopback only
 * a client that gives the configured token in its URL ({@code /?token=...}), and nobody when no token is
 * configured. Reading is open to every client.
 */
final class ControlPolicy {

    /** Why a client may or may not control the cell. */
    enum Grant {
        LOOPBACK_SERVER, TOKEN_GIVEN, NO_TOKEN_CONFIGURED, WRONG_TOKEN
    }

    private final boolean loopbackOnly;
    private final String token;

    ControlPolicy(boolean loopbackOnly, String token) {
        this.loopbackOnly = loopbackOnly;
        this.token = token == null ? "" : token;
    }

    /** The grant of a client that connected with this request path ({@code /?token=abc}). */
    Grant grant(String resourceDescriptor) {
        if (loopbackOnly) {
            return Grant.LOOPBACK_SERVER;
        }
        if (token.isEmpty()) {
            return Grant.NO_TOKEN_CONFIGURED;
        }
        String given = queryValue(resourceDescriptor, "token");
        boolean same = given != null && MessageDigest.isEqual(given.getBytes(StandardCharsets.UTF_8),
                token.getBytes(StandardCharsets.UTF_8));
        return same ? Grant.TOKEN_GIVEN : Grant.WRONG_TOKEN;
    }

    static boolean mayControl(Grant g) {
        return g == Grant.LOOPBACK_SERVER || g == Grant.TOKEN_GIVEN;
    }

    static String queryValue(String path, String key) {
        if (path == null) {
            return null;
        }
        int q = path.indexOf('?');
        if (q < 0) {
            return null;
        }
        for (String pair : path.substring(q + 1).split("&")) {
            int eq = pair.indexOf('=');
            String k = eq < 0 ? pair : pair.substring(0, eq);
            if (k.equals(key)) {
                try {
                    return eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
                } catch (IllegalArgumentException badEscape) {
                    return null;
                }
            }
        }
        return null;
    }
}
