package org.robocell.api.controller;

import java.util.List;

/**
 * Which interfaces a controller needs: none, every available one, or an explicit list of full names in the order
 * the controller will find its loans in.
 */
public record InterfaceConfiguration(Kind kind, List<String> names) {

    public enum Kind {
        NONE,
        ALL,
        INDIVIDUAL
    }

    public static final InterfaceConfiguration NONE = new InterfaceConfiguration(Kind.NONE, List.of());
    public static final InterfaceConfiguration ALL = new InterfaceConfiguration(Kind.ALL, List.of());

    public InterfaceConfiguration {
        names = List.copyOf(names);
        if (kind != Kind.INDIVIDUAL && !names.isEmpty()) {
            throw new IllegalArgumentException(kind + " interface configuration takes no names");
        }
    }

    public static InterfaceConfiguration individual(List<String> names) {
        return new InterfaceConfiguration(Kind.INDIVIDUAL, names);
    }
}
