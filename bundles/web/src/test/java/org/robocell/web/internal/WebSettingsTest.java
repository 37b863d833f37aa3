package org.robocell.web.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class WebSettingsTest {

    private static String message(Runnable r) {
        return assertThrows(IllegalArgumentException.class, r::run).getMessage();
    }

    @Test
    void aBadValueIsOneLineNamingItsKey() {
        String token = "0123456789abcdef";
        assertEquals("port: expected 1..65535, got 0", message(() -> new WebSettings("127.0.0.1", 0, token, false, 250, 8)));
        assertEquals("sampleRate: expected 100..1000 (Hz), got 50",
                message(() -> new WebSettings("127.0.0.1", 8080, token, false, 50, 8)));
        assertEquals("queue: expected 1 or more, got 0", message(() -> new WebSettings("127.0.0.1", 8080, token, false, 250, 0)));
        assertTrue(message(() -> new WebSettings(" ", 8080, token, false, 250, 8)).startsWith("host: "));
        assertTrue(message(() -> new WebSettings("no-such-host.invalid", 8080, token, false, 250, 8))
                .startsWith("host: 'no-such-host.invalid' is not an address"));
    }

    @Test
    void aShortConfiguredTokenIsRefusedRatherThanGuessable() {
        assertEquals("token: expected at least 16 characters (or none: a random one is generated), got 6",
                message(() -> new WebSettings("127.0.0.1", 8080, "secret", false, 250, 8)));
    }

    @Test
    void withoutATokenEachStartGeneratesAFreshRandomOne() {
        String a = WebSettings.newToken();
        String b = WebSettings.newToken();
        assertEquals(48, a.length());
        assertTrue(a.matches("[0-9a-f]+"));
        assertNotEquals(a, b);
    }

    @Test
    void aWildcardBindIsOpenedOnLoopbackInTheStartLine() {
        String token = "0123456789abcdef";
        assertEquals("127.0.0.1", new WebSettings("0.0.0.0", 8080, token, false, 250, 8).browserHost());
        assertEquals("[::1]", new WebSettings("::1", 8080, token, false, 250, 8).browserHost());
    }
}
