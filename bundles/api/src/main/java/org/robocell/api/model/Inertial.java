package org.robocell.api.model;

/**
 * Mass properties of a link: the mass, the frame of the centre of mass relative to the link frame, and the
 * rotational inertia about the centre of mass expressed in that frame (URDF {@code <inertial>}).
 */
public record Inertial(double mass, Pose origin, double ixx, double ixy, double ixz, double iyy, double iyz, double izz) {

    public static final Inertial NONE = new Inertial(0, Pose.IDENTITY, 0, 0, 0, 0, 0, 0);

    public Inertial {
        if (!(mass >= 0) || Double.isInfinite(mass)) {
            throw new IllegalArgumentException("mass must be a finite number >= 0, got " + mass);
        }
        if (origin == null) {
            origin = Pose.IDENTITY;
        }
    }
}
