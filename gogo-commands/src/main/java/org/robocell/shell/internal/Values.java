package org.robocell.shell.internal;

import java.util.ArrayList;
import java.util.List;

/** Reads a parameter value typed in the shell the way YAML would: numbers, booleans, [lists], strings. */
final class Values {

    private Values() {
    }

    static Object parse(String text) {
        String t = text.trim();
        if (t.startsWith("[") && t.endsWith("]")) {
            List<Object> list = new ArrayList<>();
            String inner = t.substring(1, t.length() - 1).trim();
            if (!inner.isEmpty()) {
                for (String item : inner.split(",")) {
                    list.add(parse(item));
                }
            }
            return list;
        }
        if (t.equals("true") || t.equals("false")) {
            return Boolean.valueOf(t);
        }
        if (t.matches("[+-]?\\d+")) {
            try {
                return Long.valueOf(t);
            } catch (NumberFormatException tooLong) {
                return t;
            }
        }
        try {
            double d = Double.parseDouble(t);
            if (!t.matches(".*[a-zA-Z].*") || t.matches("[+-]?\\d*\\.?\\d+([eE][+-]?\\d+)?")) {
                return d;
            }
        } catch (NumberFormatException notANumber) {
            // a string
        }
        if (t.length() >= 2 && (t.startsWith("'") && t.endsWith("'") || t.startsWith("\"") && t.endsWith("\""))) {
            return t.substring(1, t.length() - 1);
        }
        return t;
    }
}
