package org.robocell.api.controller;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The parameter names a controller knows, the ros2_controllers way: fixed names ({@code joints},
 * {@code constraints.goal_time}) and names made per entry of a list parameter ({@code gains.<joint>.p} for each of
 * {@code joints}). Immutable; {@link #known} expands the per-entry names for a candidate parameter set.
 *
 * @since 1.1
 */
public final class ParameterNames {

    /** The placeholder for the entry in a per-entry template, e.g. {@code "gains.{}.p"}. */
    public static final String ENTRY = "{}";

    /**
     * The parameters every controller has, whatever its type: {@code update_rate} and {@code is_async} (declared by
     * ros2_control's {@code controller_interface/src/controller_interface_base.cpp} for every controller), and
     * {@code type}, which a controller's own section of the controllers file may carry.
     */
    public static final Set<String> COMMON = Set.of("update_rate", "is_async", "type");

    private record PerEntry(String listKey, List<String> templates) {
    }

    private final Set<String> fixed;
    private final List<PerEntry> perEntry;

    private ParameterNames(Set<String> fixed, List<PerEntry> perEntry) {
        this.fixed = fixed;
        this.perEntry = perEntry;
    }

    /** The fixed names. */
    public static ParameterNames of(String... names) {
        return new ParameterNames(Collections.unmodifiableSet(new TreeSet<>(Arrays.asList(names))), List.of());
    }

    /** These names and more fixed ones. */
    public ParameterNames and(String... names) {
        Set<String> more = new TreeSet<>(fixed);
        more.addAll(Arrays.asList(names));
        return new ParameterNames(Collections.unmodifiableSet(more), perEntry);
    }

    /**
     * These names and, for each entry of the parameter {@code listKey} (a list of strings, or one string), the
     * {@code templates} with {@value #ENTRY} replaced by the entry: {@code perEntry("joints", "gains.{}.p")}.
     */
    public ParameterNames perEntry(String listKey, String... templates) {
        for (String t : templates) {
            if (!t.contains(ENTRY)) {
                throw new IllegalArgumentException("template '" + t + "' has no " + ENTRY);
            }
        }
        List<PerEntry> more = new ArrayList<>(perEntry);
        more.add(new PerEntry(listKey, List.of(templates)));
        return new ParameterNames(fixed, List.copyOf(more));
    }

    /**
     * Every name known for this candidate, sorted: the fixed names and the per-entry names of the entries it lists
     * (none for a list parameter that is missing or not a list of strings: its own check reports that).
     */
    public Set<String> known(Parameters candidate) {
        Set<String> out = new TreeSet<>(fixed);
        for (PerEntry e : perEntry) {
            for (String entry : entries(candidate, e.listKey())) {
                for (String t : e.templates()) {
                    out.add(t.replace(ENTRY, entry));
                }
            }
        }
        return Collections.unmodifiableSet(out);
    }

    private static List<String> entries(Parameters p, String key) {
        if (!p.has(key)) {
            return List.of();
        }
        Object v = p.asMap().get(key);
        if (v instanceof String s) {
            return s.isBlank() ? List.of() : List.of(s.trim());
        }
        try {
            return p.getStringList(key);
        } catch (ParameterException notAList) {
            return List.of();
        }
    }

    @Override
    public String toString() {
        return "ParameterNames" + fixed + (perEntry.isEmpty() ? "" : " + " + perEntry);
    }
}
