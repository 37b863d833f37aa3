package org.robocell.description.internal.xacro;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/** The macros defined so far: the file level's, and those a macro body defines for its own call. */
final class MacroTable {

    private final MacroTable parent;
    private final Map<String, Macro> macros = new LinkedHashMap<>();

    MacroTable(MacroTable parent) {
        this.parent = parent;
    }

    void define(Macro macro) {
        macros.put(macro.name(), macro);
    }

    Macro find(String name) {
        for (MacroTable t = this; t != null; t = t.parent) {
            Macro m = t.macros.get(name);
            if (m != null) {
                return m;
            }
        }
        return null;
    }

    Set<String> names() {
        Set<String> out = new LinkedHashSet<>();
        for (MacroTable t = this; t != null; t = t.parent) {
            out.addAll(t.macros.keySet());
        }
        return out;
    }
}
