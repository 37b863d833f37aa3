package org.robocell.web.internal;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.HexFormat;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * What a logged-in browser holds: an HttpOnly cookie whose value is derived from the token (HMAC-SHA256), so that the
 * cookie never carries the token itself, every cookie dies with a changed token, and no session table is kept.
 * Every comparison runs in constant time.
 */
final class Session {

    static final String COOKIE = "robocell_web";
    private final String token;
    private final String cookieValue;

    Session(String token) {
        this.token = token;
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(token.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            this.cookieValue = HexFormat.of()
                    .formatHex(mac.doFinal("robocell-web-session".getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is missing from this JVM", e);
        }
    }

    boolean tokenMatches(String candidate) {
        return candidate != null && equal(candidate, token);
    }

    boolean cookieMatches(String candidate) {
        return candidate != null && equal(candidate, cookieValue);
    }

    /** The Set-Cookie header value for a browser that gave the right token. */
    String setCookie(boolean secure) {
        return COOKIE + "=" + cookieValue + "; Path=/; HttpOnly; SameSite=Strict" + (secure ? "; Secure" : "");
    }

    private static boolean equal(String a, String b) {
        return MessageDigest.isEqual(a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8));
    }
}
