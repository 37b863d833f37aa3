package org.robocell.manager.internal;

/**
 * ROS 2's naming rules for controller names, so that a name can never be a path ({@code ../../etc}), an empty
 * segment or anything a ROS 2 tool would refuse. A name is one or more segments joined by {@code /} (the namespace
 * separator the cell uses: {@code kr6/joint_trajectory_controller}); each segment is a valid node name as
 * {@code rmw/src/validate_node_name.c} checks it (alphanumerics and {@code _} only, not starting with a digit), and
 * the joining follows {@code rcl/src/rcl/validate_topic_name.c} (no {@code /} at the end, no token starting with a
 * digit) and {@code rmw/src/validate_full_topic_name.c} (no repeated {@code /}); unlike a topic, a controller name
 * is relative (no leading {@code /}, no {@code ~}, no {@code {}} substitutions). At most
 * {@value #LONGEST} characters ({@code RMW_NODE_NAME_MAX_NAME_LENGTH}).
 */
final class ControllerNameRule {

    /** The longest name, as rmw's {@code RMW_NODE_NAME_MAX_NAME_LENGTH}. */
    static final int LONGEST = 255;

    /** What is wrong with a name, as rmw's and rcl's validation results say it. */
    enum Violation {
        EMPTY,
        TOO_LONG,
        UNALLOWED_CHARACTER,
        EMPTY_SEGMENT,
        SEGMENT_STARTS_WITH_NUMBER
    }

    private ControllerNameRule() {
    }

    /** The first rule {@code name} breaks, or null for a valid name. */
    static Violation violation(String name) {
        if (name == null || name.isEmpty()) {
            return Violation.EMPTY;
        }
        if (name.length() > LONGEST) {
            return Violation.TOO_LONG;
        }
        for (int i = 0; i < name.length(); i++) {
            if (!allowed(name.charAt(i))) {
                return Violation.UNALLOWED_CHARACTER;
            }
        }
        boolean segmentStart = true;
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c == '/') {
                if (segmentStart) {
                    return Violation.EMPTY_SEGMENT;
                }
                segmentStart = true;
            } else {
                if (segmentStart && c >= '0' && c <= '9') {
                    return Violation.SEGMENT_STARTS_WITH_NUMBER;
                }
                segmentStart = false;
            }
        }
        return segmentStart ? Violation.EMPTY_SEGMENT : null;
    }

    /**
     * One line that names the controller name and what is expected, or null for a valid name, e.g. "Controller name
     * '../../etc' is not a valid ROS 2 name: '.' at character 1 is not allowed; ...".
     */
    static String problem(String name) {
        Violation v = violation(name);
        if (v == null) {
            return null;
        }
        String shown = name == null ? "" : name.length() > 80 ? name.substring(0, 80) + "..." : name;
        String why = switch (v) {
            case EMPTY -> "it is empty";
            case TOO_LONG -> "it has " + name.length() + " characters, more than " + LONGEST;
            case UNALLOWED_CHARACTER -> unallowed(name);
            case EMPTY_SEGMENT -> name.startsWith("/") ? "it starts with '/'"
                    : name.endsWith("/") ? "it ends with '/'" : "it has an empty segment ('//')";
            case SEGMENT_STARTS_WITH_NUMBER -> "a segment starts with a digit";
        };
        return "Controller name '" + printable(shown) + "' is not a valid ROS 2 name: " + why + "; expected letters,"
                + " digits and '_', not starting with a digit, with '/' only between a namespace and the name"
                + " (e.g. kr6/joint_trajectory_controller)";
    }

    private static boolean allowed(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '/';
    }

    private static String unallowed(String name) {
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (!allowed(c)) {
                String shown = Character.isISOControl(c) || Character.isWhitespace(c)
                        ? String.format("U+%04X", (int) c) : "'" + c + "'";
                return shown + " at character " + (i + 1) + " is not allowed";
            }
        }
        return "it has a character that is not allowed";
    }

    /** The name with control characters shown as '?', so that the message stays one line. */
    private static String printable(String s) {
        StringBuilder sb = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            sb.append(Character.isISOControl(c) ? '?' : c);
        }
        return sb.toString();
    }
}
