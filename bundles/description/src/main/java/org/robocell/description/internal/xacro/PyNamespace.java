package org.robocell.description.internal.xacro;

import java.util.Map;

/** A module of names reached with a dot: {@code math.pi}, {@code xacro.load_yaml}, {@code python.abs}. */
record PyNamespace(String name, Map<String, Object> members) {

    Object member(String member) {
        Object v = members.get(member);
        if (v == null) {
            throw new XacroProblem(name + " has no '" + member + "'"
                    + org.robocell.api.text.Suggestions.didYouMean(member, members.keySet())
                    + "; expected one of " + org.robocell.api.text.Suggestions.list(members.keySet()));
        }
        return v;
    }
}
