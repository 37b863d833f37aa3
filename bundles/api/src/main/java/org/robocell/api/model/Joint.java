package org.robocell.api.model;

/**
 * A URDF joint: it places {@code child} relative to {@code parent} by {@code origin}, then moves it about or along
 * {@code axis} (a unit vector in the joint frame, possibly negative).
 *
 * @param mimic      null unless the URDF joint mimics another
 * @param softLimits the URDF {@code <safety_controller>}, or null (since 1.1)
 */
public record Joint(String name, JointType type, String parent, String child, Pose origin, Vector3 axis,
        JointLimits limits, Mimic mimic, SoftJointLimits softLimits) {

    /** A joint without soft limits. */
    public Joint(String name, JointType type, String parent, String child, Pose origin, Vector3 axis,
            JointLimits limits, Mimic mimic) {
        this(name, type, parent, child, origin, axis, limits, mimic, null);
    }

    public Joint {
        if (name == null || name.isEmpty()) {
            throw new IllegalArgumentException("a joint needs a name");
        }
        if (type == null) {
            throw new IllegalArgumentException("joint '" + name + "' needs a type");
        }
        if (origin == null) {
            origin = Pose.IDENTITY;
        }
        if (axis == null) {
            axis = new Vector3(1, 0, 0);
        }
        if (limits == null) {
            limits = JointLimits.NONE;
        }
    }

    public boolean isMimic() {
        return mimic != null;
    }
}
