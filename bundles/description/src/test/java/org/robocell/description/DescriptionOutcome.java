package org.robocell.description;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.function.Supplier;

/**
 * The property every description parser keeps for any input, checked by the fuzz tests: it returns a model, or it
 * throws the project's own {@link DescriptionException} with one line that names the input and says what was
 * expected. Any other exception or error (NullPointerException, NumberFormatException, StackOverflowError,
 * OutOfMemoryError, ...) escapes this check and is a finding.
 */
final class DescriptionOutcome {

    private DescriptionOutcome() {
    }

    /** @return true when the input parsed, false when it was refused with a proper message */
    static boolean parsesOrFailsInOneLine(String source, Supplier<?> parse) {
        try {
            assertNotNull(parse.get(), "a parser returned null");
            return true;
        } catch (DescriptionException e) {
            assertOneLineMessage(source, e);
            return false;
        }
    }

    static void assertOneLineMessage(String source, DescriptionException e) {
        String m = e.getMessage();
        assertTrue(m.startsWith(source + ":"), () -> "the message does not start with the input's name: " + m);
        assertTrue(m.contains("; expected") || m.contains(", expected"),
                () -> "the message does not say what was expected: " + m);
        assertTrue(e.problem().length() <= DescriptionException.MAX_PROBLEM_LENGTH,
                () -> "the problem is " + e.problem().length() + " characters long: " + m);
        assertEquals(source, e.source());
        assertTrue(e.line() >= 0 && e.column() >= 0, () -> "negative line or column in: " + m);
        assertTrue(m.endsWith(e.problem()), () -> "the message is not location + problem: " + m);
        for (int i = 0; i < m.length(); i++) {
            char c = m.charAt(i);
            // a line break splits the log line; other control characters (ESC) reach the operator's terminal
            boolean control = Character.isISOControl(c) || c == '\u2028' || c == '\u2029';
            int at = i;
            assertTrue(!control, () -> String.format("the message has the control character U+%04X at %d: %s",
                    (int) c, at, m));
        }
    }
}
