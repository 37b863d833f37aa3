package org.robocell.description.internal.xacro;

/** Python's {@code None}, as YAML's {@code null} and a few functions give it. */
enum PyNone {
    NONE;

    @Override
    public String toString() {
        return "None";
    }
}
