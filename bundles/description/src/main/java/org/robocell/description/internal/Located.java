package org.robocell.description.internal;

/**
 * A parameter value and where it was written, so that an error about it names that file and line even after
 * several files were layered.
 *
 * @param value  a String, Boolean, Long, Double or an unmodifiable list of one of those
 * @param source the file name as given
 * @param line   1-based, 0 when unknown
 */
public record Located(Object value, String source, int line) {

    /** {@code file:line}, or the file alone when the line is unknown. */
    public String where() {
        return line > 0 ? source + ":" + line : source;
    }
}
