package org.robocell.api.model;

/** A URDF link; only its name and mass properties matter to control. */
public record Link(String name, Inertial inertial) {

    public Link {
        if (name == null || name.isEmpty()) {
            throw new IllegalArgumentException("a link needs a name");
        }
        if (inertial == null) {
            inertial = Inertial.NONE;
        }
    }
}
