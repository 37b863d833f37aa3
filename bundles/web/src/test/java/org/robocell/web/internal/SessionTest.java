package org.robocell.web.internal;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SessionTest {

    private final Session session = new Session("0123456789abcdef0123");

    @Test
    void onlyTheExactTokenLogsIn() {
        assertTrue(session.tokenMatches("0123456789abcdef0123"));
        assertFalse(session.tokenMatches("0123456789abcdef012"));
        assertFalse(session.tokenMatches("0123456789abcdef01234"));
        assertFalse(session.tokenMatches(""));
        assertFalse(session.tokenMatches(null));
    }

    @Test
    void theCookieIsHttpOnlyStrictAndDoesNotCarryTheToken() {
        String header = session.setCookie(false);
        assertTrue(header.startsWith(Session.COOKIE + "="), header);
        assertTrue(header.contains("; HttpOnly") && header.contains("SameSite=Strict"), header);
        assertFalse(header.contains("0123456789abcdef0123"), header);
        assertTrue(session.setCookie(true).endsWith("; Secure"));
    }

    @Test
    void theCookieOfOneTokenIsWorthlessUnderAnother() {
        String value = cookieValue(session);
        assertTrue(session.cookieMatches(value));
        assertFalse(new Session("another-token-of-enough-length").cookieMatches(value));
        assertFalse(session.cookieMatches("0123456789abcdef0123"), "the token itself is no cookie");
    }

    private static String cookieValue(Session s) {
        String h = s.setCookie(false);
        return h.substring(h.indexOf('=') + 1, h.indexOf(';'));
    }
}
