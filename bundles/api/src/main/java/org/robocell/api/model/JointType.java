package org.robocell.api.model;

/** URDF joint types. */
public enum JointType {
    REVOLUTE("revolute"),
    CONTINUOUS("continuous"),
    PRISMATIC("prismatic"),
    FIXED("fixed"),
    FLOATING("floating"),
    PLANAR("planar");

    private final String urdfName;

    JointType(String urdfName) {
        this.urdfName = urdfName;
    }

    public String urdfName() {
        return urdfName;
    }

    /** True for the joint types that move along or about one axis and have one coordinate. */
    public boolean isSingleDof() {
        return this == REVOLUTE || this == CONTINUOUS || this == PRISMATIC;
    }

    /** The type for a URDF {@code type} attribute, or null when the name is not a URDF joint type. */
    public static JointType fromUrdf(String name) {
        for (JointType t : values()) {
            if (t.urdfName.equals(name)) {
                return t;
            }
        }
        return null;
    }
}
