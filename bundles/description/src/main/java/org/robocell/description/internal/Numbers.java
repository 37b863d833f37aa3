package org.robocell.description.internal;

import java.util.regex.Pattern;

/**
 * Strict decimal numbers as URDF writes them. {@link Double#parseDouble} alone would also take "NaN", "Infinity",
 * hexadecimal and a trailing "d" or "f": none of those is a valid URDF number, and NaN or infinity in a pose or a
 * limit would only fail much later, far from the file.
 */
final class Numbers {

    private static final Pattern DECIMAL = Pattern.compile("[+-]?+(\\d++(\\.\\d*+)?+|\\.\\d++)([eE][+-]?+\\d++)?+");
    /** Longer than any number a person writes; refusing early keeps hostile input cheap. */
    private static final int MAX_LENGTH = 64;
    private static final Pattern WHITESPACE = Pattern.compile("\\s+");

    private Numbers() {
    }

    /** The finite number {@code text} spells, or null when it is not one. */
    static Double parseFinite(String text) {
        if (text == null) {
            return null;
        }
        String t = text.trim();
        if (t.length() > MAX_LENGTH || !DECIMAL.matcher(t).matches()) {
            return null;
        }
        double d = Double.parseDouble(t);
        return Double.isFinite(d) ? d : null;
    }

    /** {@code count} finite numbers separated by whitespace, or null when {@code text} is anything else. */
    static double[] parseVector(String text, int count) {
        if (text == null) {
            return null;
        }
        String t = text.trim();
        if (t.isEmpty()) {
            return null;
        }
        String[] parts = WHITESPACE.split(t);
        if (parts.length != count) {
            return null;
        }
        double[] out = new double[count];
        for (int i = 0; i < count; i++) {
            Double d = parseFinite(parts[i]);
            if (d == null) {
                return null;
            }
            out[i] = d;
        }
        return out;
    }
}
