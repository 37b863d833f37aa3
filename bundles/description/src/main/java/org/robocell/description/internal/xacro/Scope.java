package org.robocell.description.internal.xacro;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * A table of properties (xacro's {@code Table}): the file-level table, and one per macro call whose parent is the
 * caller's table (xacro scopes dynamically: a macro body sees its caller's properties). A property is kept as
 * written and evaluated at its first use, in the table that defines it ({@code lazy_eval}); a property that needs
 * itself on the way is an error. Block parameters are kept under {@code *name} and {@code **name}.
 */
final class Scope {

    private static final class Entry {
        Object value;
        boolean unevaluated;

        Entry(Object value, boolean unevaluated) {
            this.value = value;
            this.unevaluated = unevaluated;
        }
    }

    private final Scope parent;
    private final Map<String, Entry> entries = new LinkedHashMap<>();
    private final Set<String> resolving = new LinkedHashSet<>();

    Scope(Scope parent) {
        this.parent = parent;
    }

    Scope parent() {
        return parent;
    }

    /** The file-level table. */
    Scope top() {
        Scope s = this;
        while (s.parent != null) {
            s = s.parent;
        }
        return s;
    }

    /**
     * Defines {@code name}; a text value is read as a literal first (numbers, booleans, quoted text), and one that
     * stays text is evaluated at first use when {@code lazy}.
     */
    void define(String name, Object value, boolean lazy) {
        Object v = PyValues.literal(value);
        entries.put(name, new Entry(v, lazy && v instanceof String));
    }

    /** Removes {@code name} from this table and every table up to the file level, as xacro's {@code remove}. */
    void remove(String name) {
        for (Scope s = this; s != null; s = s.parent) {
            s.entries.remove(name);
        }
    }

    boolean contains(String name) {
        for (Scope s = this; s != null; s = s.parent) {
            if (s.entries.containsKey(name)) {
                return true;
            }
        }
        return false;
    }

    /** The value of {@code name} (evaluated now if it was kept as written), or null when it is not defined. */
    Object get(String name, TextEvaluator evaluator) {
        for (Scope s = this; s != null; s = s.parent) {
            Entry e = s.entries.get(name);
            if (e != null) {
                return s.resolve(name, e, evaluator);
            }
        }
        return null;
    }

    private Object resolve(String name, Entry e, TextEvaluator evaluator) {
        if (!e.unevaluated) {
            return e.value;
        }
        if (!resolving.add(name)) {
            throw new XacroProblem("the property '" + name + "' needs itself: " + String.join(" -> ", resolving)
                    + " -> " + name + "; expected properties that do not refer to each other in a circle");
        }
        try {
            Object v = PyValues.literal(evaluator.evaluateProperty((String) e.value, this));
            e.value = v;
            e.unevaluated = false;
            return v;
        } finally {
            resolving.remove(name);
        }
    }

    /** The block parameters and block properties visible here, with their * or **. */
    Set<String> blockNames() {
        Set<String> out = new LinkedHashSet<>();
        for (Scope s = this; s != null; s = s.parent) {
            for (String n : s.entries.keySet()) {
                if (n.startsWith("*")) {
                    out.add(n);
                }
            }
        }
        return out;
    }

    /** Every name visible here, for "did you mean". */
    Set<String> names() {
        Set<String> out = new LinkedHashSet<>();
        for (Scope s = this; s != null; s = s.parent) {
            for (String n : s.entries.keySet()) {
                if (!n.startsWith("*")) {
                    out.add(n);
                }
            }
        }
        return out;
    }
}
