package org.robocell.shell.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code key=value} arguments as the operator typed them. Gogo reads a bracket itself: {@code joints=[a1, a2]}
 * arrives as the word {@code joints=} and a Gogo list of the words between the brackets ({@code a1,} and
 * {@code a2}; a nested list as a list). The list is written back as the text it came from, for the one value reader
 * to read; Gogo has already removed quotes inside it, so an item that needs quotes is written with the whole
 * assignment quoted: {@code 'names=["a, b", c]'}.
 */
final class Assignments {

    private Assignments() {
    }

    static List<String> join(Object[] args) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            String text = String.valueOf(args[i]);
            if (args[i] instanceof String s && s.endsWith("=") && i + 1 < args.length
                    && (args[i + 1] instanceof List || args[i + 1] instanceof Map)) {
                text = s + render(args[++i]);
            } else if (!(args[i] instanceof String)) {
                text = render(args[i]);
            }
            out.add(text);
        }
        return out;
    }

    /** A Gogo list as the bracketed text it was typed as; a Gogo map as YAML's {@code {k: v}}, which is refused. */
    private static String render(Object o) {
        if (o instanceof List<?> list) {
            StringBuilder sb = new StringBuilder("[");
            for (int i = 0; i < list.size(); i++) {
                sb.append(i == 0 ? "" : " ").append(render(list.get(i)));
            }
            return sb.append(']').toString();
        }
        if (o instanceof Map<?, ?> map) {
            StringBuilder sb = new StringBuilder("{");
            map.forEach((k, v) -> sb.append(sb.length() == 1 ? "" : ", ").append(k).append(": ").append(render(v)));
            return sb.append('}').toString();
        }
        return String.valueOf(o);
    }
}
