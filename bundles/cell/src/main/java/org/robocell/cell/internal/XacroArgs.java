package org.robocell.cell.internal;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A robot's {@code xacro.args}, written as on xacro's command line: {@code name:=value} pairs separated by blanks
 * ({@code arm_id:=fr3 hand:=false}); a value with blanks in single or double quotes ({@code xyz:='0 0 0.1'}).
 */
final class XacroArgs {

    private XacroArgs() {
    }

    static Map<String, String> parse(String text, String robot) {
        return parse(text, robot, "xacro.args");
    }

    /** @param property the property being read, for messages ({@code xacro.args}, {@code launch.args}) */
    static Map<String, String> parse(String text, String robot, String property) {
        Map<String, String> args = new LinkedHashMap<>();
        if (text == null) {
            return args;
        }
        int i = 0;
        int n = text.length();
        while (true) {
            while (i < n && Character.isWhitespace(text.charAt(i))) {
                i++;
            }
            if (i >= n) {
                return args;
            }
            StringBuilder token = new StringBuilder();
            char quote = 0;
            int start = i;
            for (; i < n && (quote != 0 || !Character.isWhitespace(text.charAt(i))); i++) {
                char c = text.charAt(i);
                if (quote == 0 && (c == '\'' || c == '"')) {
                    quote = c;
                } else if (c == quote) {
                    quote = 0;
                } else {
                    token.append(c);
                }
            }
            if (quote != 0) {
                throw new IllegalArgumentException("robot '" + robot + "': " + property + " has an unclosed " + quote
                        + " after '" + text.substring(start) + "'; expected name:=value pairs, a value with blanks in"
                        + " quotes");
            }
            int assign = token.indexOf(":=");
            String name = assign < 0 ? "" : token.substring(0, assign);
            if (assign <= 0 || !name.matches("[A-Za-z_][A-Za-z0-9_]*")) {
                throw new IllegalArgumentException("robot '" + robot + "': " + property + " entry '" + text.substring(start, i)
                        + "' is not name:=value; expected xacro's form, e.g. arm_id:=fr3 hand:=false");
            }
            if (args.put(name, token.substring(assign + 2)) != null) {
                throw new IllegalArgumentException("robot '" + robot + "': " + property + " sets '" + name + "' twice;"
                        + " expected each arg once");
            }
        }
    }
}
