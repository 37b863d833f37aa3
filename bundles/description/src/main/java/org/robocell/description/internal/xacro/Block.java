package org.robocell.description.internal.xacro;

import java.util.List;

import org.robocell.description.internal.XmlElement;

/**
 * What {@code <xacro:insert_block>} inserts: a block parameter's element, expanded where the macro was called
 * ({@code *name} inserts the element, {@code **name} its content), or a block property, expanded where it is
 * inserted. {@code elements} and {@code characters} are its size, counted against the expansion's bounds at each
 * insertion.
 */
record Block(XmlElement element, boolean expanded, long elements, long characters) {

    static Block expanded(XmlElement element) {
        long[] size = new long[2];
        measure(element, size);
        return new Block(element, true, size[0], size[1]);
    }

    static Block property(XmlElement property) {
        return new Block(property, false, 0, 0);
    }

    private static void measure(XmlElement root, long[] size) {
        java.util.ArrayDeque<XmlElement> todo = new java.util.ArrayDeque<>(List.of(root));
        while (!todo.isEmpty()) {
            XmlElement e = todo.pop();
            size[0]++;
            size[1] += e.name().length() + e.text().length();
            e.attributes().forEach((k, v) -> size[1] += k.length() + v.length());
            todo.addAll(e.children());
        }
    }
}
