package org.robocell.description;

/**
 * A robot description or controller configuration that cannot be used. The message is
 * {@code file:line: what is wrong; expected what} ({@code file:line:column:} when the parser knows the column), so
 * that a user can jump to the place and fix it. Unchecked, like the API's parameter errors: a broken file is a
 * user error that callers report, not a condition they branch on.
 */
public class DescriptionException extends RuntimeException {

    private static final long serialVersionUID = 1L;

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
        super(location(source, line, column) + problem, cause);
        this.source = source;
        this.line = line;
        this.column = column;
        this.problem = problem;
    }

    private static String location(String source, int line, int column) {
        StringBuilder b = new StringBuilder(source);
        if (line > 0) {
            b.append(':').append(line);
            if (column > 0) {
                b.append(':').append(column);
            }
        }
        return b.append(": ").toString();
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
