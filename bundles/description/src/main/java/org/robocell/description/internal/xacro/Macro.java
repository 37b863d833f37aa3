package org.robocell.description.internal.xacro;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.robocell.description.internal.XmlElement;

/**
 * A {@code <xacro:macro name params>} definition. Parameters are read as xacro reads them: {@code name},
 * {@code name:=default} (or {@code name=default}), {@code name:=^} (the caller's property of the same name),
 * {@code name:=^|default} (that, or the default when the caller has none), {@code *block} (one element from the
 * call's children) and {@code **block} (its children inserted). Defaults may be quoted ({@code '0 0 0'}) or be an
 * expression ({@code ${pi/2}}).
 */
record Macro(String name, List<String> params, Map<String, Default> defaults, XmlElement body) {

    /** A parameter's default: {@code forward} takes the caller's property of the same name first. */
    record Default(boolean forward, String value) {
    }

    // xacro's re_macro_arg: name, := or =, an optional ^ or ^|, then the default up to the next blank
    private static final Pattern PARAM_WITH_DEFAULT = Pattern.compile(
            "^\\s*([^\\s:=]+?)\\s*:?=\\s*(\\^\\|?)?(\\$\\{.*?\\}|\\$\\(.*?\\)|(?:'.*?'|\".*?\"|[^\\s'\"]+)+|)(?:\\s+|$)(.*)",
            Pattern.DOTALL);

    static Macro define(String name, String params, XmlElement body) {
        List<String> names = new ArrayList<>();
        Map<String, Default> defaults = new LinkedHashMap<>();
        String rest = params == null ? "" : params;
        while (!rest.isBlank()) {
            Matcher m = PARAM_WITH_DEFAULT.matcher(rest);
            String param;
            if (m.matches()) {
                param = m.group(1);
                String value = m.group(3).isEmpty() ? null : m.group(3);
                boolean forward = m.group(2) != null;
                if (forward || value != null) {
                    defaults.put(param, new Default(forward, value));
                }
                rest = m.group(4);
            } else {
                String[] split = rest.strip().split("\\s+", 2);
                param = split[0];
                rest = split.length > 1 ? split[1] : "";
            }
            if (names.contains(param)) {
                throw new XacroProblem("macro '" + name + "' has the parameter '" + param + "' twice; expected each "
                        + "parameter once");
            }
            names.add(param);
        }
        return new Macro(name, List.copyOf(names), Map.copyOf(defaults), body);
    }
}
