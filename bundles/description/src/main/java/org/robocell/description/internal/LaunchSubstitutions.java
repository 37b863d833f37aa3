package org.robocell.description.internal;

import java.util.Map;

import org.robocell.api.text.Suggestions;

/**
 * The launch substitutions a parameter file may hold when its launch file loads it with {@code allow_substs=True}
 * (ros2_control_demos example 1: {@code $(var joint_prefix)1}): {@code $(var name)} from the robot's launch arguments
 * and {@code $(env NAME)} / {@code $(env NAME default)} from the environment. Anything else in {@code $( )} is
 * refused, naming what is understood.
 */
final class LaunchSubstitutions {

    private final Map<String, String> args;

    LaunchSubstitutions(Map<String, String> args) {
        this.args = Map.copyOf(args);
    }

    /** @throws IllegalArgumentException one clause naming the substitution and what was expected */
    String apply(String text) {
        StringBuilder out = new StringBuilder();
        int i = 0;
        while (i < text.length()) {
            int start = text.indexOf("$(", i);
            if (start < 0) {
                out.append(text, i, text.length());
                break;
            }
            int end = text.indexOf(')', start);
            if (end < 0) {
                throw new IllegalArgumentException("'" + UrdfReader.shorten(text) + "' opens '$(' without closing it; "
                        + "expected $(var name) or $(env NAME)");
            }
            out.append(text, i, start);
            out.append(resolve(text.substring(start + 2, end).trim()));
            i = end + 1;
        }
        return out.toString();
    }

    private String resolve(String body) {
        String[] parts = body.split("\\s+");
        if (parts.length == 2 && parts[0].equals("var")) {
            String v = args.get(parts[1]);
            if (v == null) {
                throw new IllegalArgumentException("the launch argument '" + parts[1] + "' of $(var " + parts[1]
                        + ") is not set" + Suggestions.didYouMean(parts[1], args.keySet()) + "; expected it in the "
                        + "robot's launch.args (" + parts[1] + ":=value)");
            }
            return v;
        }
        if ((parts.length == 2 || parts.length == 3) && parts[0].equals("env")) {
            String v = System.getenv(parts[1]);
            if (v == null && parts.length == 3) {
                return parts[2];
            }
            if (v == null) {
                throw new IllegalArgumentException("the environment variable '" + parts[1] + "' of $(env " + parts[1]
                        + ") is not set; expected it set, or a default: $(env " + parts[1] + " value)");
            }
            return v;
        }
        throw new IllegalArgumentException("$(" + UrdfReader.shorten(body) + ") is not a substitution RoboCell "
                + "resolves; expected $(var name) or $(env NAME)");
    }
}
