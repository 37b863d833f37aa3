package org.robocell.api.model;

/**
 * A rigid transform as URDF writes it: a translation and roll-pitch-yaw angles (fixed axes X, then Y, then Z).
 */
public record Pose(double x, double y, double z, double roll, double pitch, double yaw) {

    public static final Pose IDENTITY = new Pose(0, 0, 0, 0, 0, 0);

    public Pose {
        requireFinite("x", x);
        requireFinite("y", y);
        requireFinite("z", z);
        requireFinite("roll", roll);
        requireFinite("pitch", pitch);
        requireFinite("yaw", yaw);
    }

    private static void requireFinite(String field, double value) {
        if (!Double.isFinite(value)) {
            throw new IllegalArgumentException("pose " + field + " must be a finite number, got " + value);
        }
    }
}
