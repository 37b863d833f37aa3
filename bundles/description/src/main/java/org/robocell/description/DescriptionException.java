package org.robocell.description;

/**
 * A robot description or controller configuration that cannot be used. The message is
 * {@code file:line: what is wrong; expected what} ({@code file:line:column:} when the parser knows the column), so
 * that a user can jump to the place and fix it. Unchecked, like the API's parameter errors: a broken file is a
 * user error that callers report, not a condition they branch on.
 * <p>
 * The message is always one line of printable text, whatever the input quoted in it: line breaks and other control
 * characters are shown escaped, Java style ({@code \n}, {@code \t}, four hex digits after {@code \}{@code u} for the
 * others), so a hostile file can neither split a log line nor send escape sequences to the operator's terminal; a
 * problem longer than {@value #MAX_PROBLEM_LENGTH} characters is shortened in the middle, keeping what was expected.
 */
public class DescriptionException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** Longer than any message about a real file; a longer one quotes pages of a hostile input. */
    static final int MAX_PROBLEM_LENGTH = 1000;

    private final String source;
    private final int line;
    private final int column;
    private final String problem;

    /**
     * @param source  the file name or other label of the input
     * @param line    1-based line, or 0 when unknown
     * @param column  1-based column, or 0 when unknown
     * @param problem what is wrong and what was expected
     */
    public DescriptionException(String source, int line, int column, String problem) {
        this(source, line, column, problem, null);
    }

    public DescriptionException(String source, int line, int column, String problem, Throwable cause) {
        super(location(source, line, column) + oneLine(problem), cause);
        this.source = source;
        this.line = line;
        this.column = column;
        this.problem = oneLine(problem);
    }

    private static String location(String source, int line, int column) {
        StringBuilder b = new StringBuilder(escapeControls(String.valueOf(source)));
        if (line > 0) {
            b.append(':').append(line);
            if (column > 0) {
                b.append(':').append(column);
            }
        }
        return b.append(": ").toString();
    }

    /** The problem as one printable line of at most {@link #MAX_PROBLEM_LENGTH} characters. */
    static String oneLine(String problem) {
        String p = escapeControls(String.valueOf(problem));
        if (p.length() <= MAX_PROBLEM_LENGTH) {
            return p;
        }
        String elision = " ... ";
        int expected = Math.max(p.lastIndexOf("; expected"), p.lastIndexOf(", expected"));
        if (expected < 0) {
            return p.substring(0, MAX_PROBLEM_LENGTH - elision.length()) + elision.stripTrailing();
        }
        // what was expected is the useful half: keep it (at most half the length), shorten what was quoted before
        String tail = p.substring(expected);
        int half = MAX_PROBLEM_LENGTH / 2;
        if (tail.length() > half) {
            tail = tail.substring(0, half - elision.length()) + elision.stripTrailing();
        }
        int headLength = Math.min(expected, MAX_PROBLEM_LENGTH - tail.length() - elision.length());
        return p.substring(0, headLength) + (headLength < expected ? elision : "") + tail;
    }

    private static String escapeControls(String text) {
        StringBuilder b = null;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean control = Character.isISOControl(c) || c == '\u2028' || c == '\u2029';
            if (control && b == null) {
                b = new StringBuilder(text.length() + 16).append(text, 0, i);
            }
            if (b != null) {
                switch (c) {
                    case '\n' -> b.append("\\n");
                    case '\r' -> b.append("\\r");
                    case '\t' -> b.append("\\t");
                    default -> {
                        if (control) {
                            b.append(String.format("\\u%04x", (int) c));
                        } else {
                            b.append(c);
                        }
                    }
                }
            }
        }
        return b == null ? text : b.toString();
    }

    /** The file name or label the input was read from. */
    public String source() {
        return source;
    }

    /** The 1-based line of the problem, or 0 when it has no single place (an empty file, say). */
    public int line() {
        return line;
    }

    /** The 1-based column, or 0 when unknown. */
    public int column() {
        return column;
    }

    /** The message without the location. */
    public String problem() {
        return problem;
    }
}
