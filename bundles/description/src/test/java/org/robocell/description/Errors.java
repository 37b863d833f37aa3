package org.robocell.description;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.function.Executable;

/** Assertions on the "file:line: what is wrong; expected what" messages. */
final class Errors {

    private Errors() {
    }

    /**
     * Runs {@code parse}, expects a {@link DescriptionException} located at {@code location} ("file:line" or
     * "file:line:column") whose message contains "; expected" and every fragment.
     */
    static DescriptionException assertFails(Executable parse, String location, String... fragments) {
        DescriptionException e = assertThrows(DescriptionException.class, parse);
        String m = e.getMessage();
        assertTrue(m.startsWith(location + ": "), () -> "expected the message to start with '" + location + ": ' but was: " + m);
        assertTrue(m.contains("; expected") || m.contains(", expected"), () -> "no expectation in: " + m);
        for (String f : fragments) {
            assertTrue(m.contains(f), () -> "expected '" + f + "' in: " + m);
        }
        assertEquals(m, e.getMessage().substring(0, location.length()) + ": " + e.problem());
        return e;
    }

    /** The 1-based line of the first occurrence of {@code marker} in {@code text}. */
    static int lineOf(String text, String marker) {
        int at = text.indexOf(marker);
        if (at < 0) {
            throw new IllegalArgumentException("marker not found: " + marker);
        }
        int line = 1;
        for (int i = 0; i < at; i++) {
            if (text.charAt(i) == '\n') {
                line++;
            }
        }
        return line;
    }
}
