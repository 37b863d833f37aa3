package org.robocell.shell.internal;

import java.util.Locale;

import org.robocell.api.controller.ParameterValues;

/**
 * Numbers typed in the shell, read by the one value reader ({@link ParameterValues}: {@code 2}, {@code -0.6},
 * {@code 1e-3}; not Java's {@code NaN}, {@code Infinity}, {@code 0x1p3} or {@code 1d}) and checked for what each
 * argument or option means. Every refusal is one line naming the argument or option and what was expected.
 */
final class Numbers {

    private Numbers() {
    }

    /** A finite number; {@code what} names the argument, e.g. "value 3" or "option -d". */
    static double finite(String what, String text) {
        Object parsed;
        try {
            parsed = ParameterValues.parse(text);
        } catch (IllegalArgumentException e) {
            throw new CommandFailed(what + ": " + e.getMessage());
        }
        if (!(parsed instanceof Number n)) {
            throw new CommandFailed(what + " is '" + text + "', not a number; expected a finite number such as 0.5"
                    + " or -1e-3");
        }
        double v = n.doubleValue();
        if (!Double.isFinite(v)) {
            throw new CommandFailed(what + " is " + text + "; expected a finite number");
        }
        return v;
    }

    /**
     * Values given one per argument, each a finite number: {@code what} names them in a refusal ("position" →
     * "position 3 is 'abc', not a number ...").
     */
    static double[] finite(String what, String[] texts) {
        double[] out = new double[texts.length];
        for (int i = 0; i < texts.length; i++) {
            out[i] = finite(what + " " + (i + 1), texts[i]);
        }
        return out;
    }

    /** A number greater than 0 and at most {@code max}. */
    static double positive(String option, String text, double max) {
        double v = finite("option " + option, text);
        if (!(v > 0) || v > max) {
            throw new CommandFailed("option " + option + " is " + text + "; expected a number greater than 0"
                    + (max < Double.MAX_VALUE ? " and at most " + plain(max) : ""));
        }
        return v;
    }

    /** A number from 0 to {@code max}. */
    static double atLeastZero(String option, String text, double max) {
        double v = finite("option " + option, text);
        if (v < 0 || v > max) {
            throw new CommandFailed("option " + option + " is " + text + "; expected a number from 0 to " + plain(max));
        }
        return v;
    }

    /** A whole number from {@code min} to {@code max}. */
    static int whole(String option, String text, int min, int max) {
        Object v;
        try {
            v = ParameterValues.parse(text);
        } catch (IllegalArgumentException e) {
            v = text;
        }
        if (!(v instanceof Long l) || l < min || l > max) {
            String shown = v instanceof Number ? text.strip() : "'" + text + "'";
            throw new CommandFailed("option " + option + " is " + shown + "; expected a whole number from " + min
                    + " to " + max);
        }
        return (int) (long) l;
    }

    private static String plain(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : String.format(Locale.ROOT, "%s", v);
    }
}
