package org.robocell.api.model;

/** Three coordinates, for axes and centres of mass. */
public record Vector3(double x, double y, double z) {

    public static final Vector3 ZERO = new Vector3(0, 0, 0);

    public Vector3 {
        if (!Double.isFinite(x) || !Double.isFinite(y) || !Double.isFinite(z)) {
            throw new IllegalArgumentException("vector components must be finite, got (" + x + ", " + y + ", " + z + ")");
        }
    }

    public double norm() {
        return Math.sqrt(x * x + y * y + z * z);
    }
}
