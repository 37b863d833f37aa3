package org.robocell.cell.internal;

import java.lang.reflect.Method;
import java.util.Map;

/**
 * Checks a robot configuration's raw properties before anyone reads them through {@link RobotConfig}: a value that
 * is not a number where a number is expected ({@code rate=abc}) is one line naming the property, its value and the
 * file it came from, instead of a coercion error deep inside Declarative Services.
 */
final class ConfigValues {

    /** The property FileInstall adds to a configuration it read from a file. */
    static final String FILE = "felix.fileinstall.filename";

    private ConfigValues() {
    }

    /**
     * @throws IllegalArgumentException naming the first malformed property
     */
    static void check(Map<String, ?> props) {
        Object name = props.get("name");
        for (Method m : RobotConfig.class.getDeclaredMethods()) {
            String key = m.getName().replace('_', '.');
            Object raw = props.get(key);
            if (!(raw instanceof String text)) {
                continue;
            }
            Class<?> type = m.getReturnType();
            String expected = null;
            if (type == int.class && !isWholeNumber(text)) {
                expected = "a whole number";
            } else if (type == boolean.class && !text.trim().equalsIgnoreCase("true")
                    && !text.trim().equalsIgnoreCase("false")) {
                expected = "true or false";
            }
            if (expected != null) {
                throw new IllegalArgumentException("robot '" + (name == null ? "?" : name) + "': " + key + "=" + text
                        + where(props) + " must be " + expected);
            }
        }
    }

    /** " in FILE" when the configuration came from a file, else empty. */
    static String where(Map<String, ?> props) {
        Object file = props.get(FILE);
        return file == null ? "" : " in " + file;
    }

    private static boolean isWholeNumber(String text) {
        try {
            Integer.parseInt(text.trim());
            return true;
        } catch (NumberFormatException e) {
            return false;
        }
    }
}
