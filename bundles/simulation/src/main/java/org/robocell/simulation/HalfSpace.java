package org.robocell.simulation;

/**
 * A solid half-space (a floor, a wall, a table top): every point p with (p - point)·normal &lt; 0 is inside it.
 * Given in the base frame; the normal points out of the solid and is normalised here.
 */
public record HalfSpace(double px, double py, double pz, double nx, double ny, double nz) {

    public HalfSpace {
        if (!Double.isFinite(px) || !Double.isFinite(py) || !Double.isFinite(pz)) {
            throw new IllegalArgumentException("a half-space's point must be finite, got (" + px + ", " + py + ", " + pz + ")");
        }
        double length = Math.sqrt(nx * nx + ny * ny + nz * nz);
        if (!(length > 1e-12) || !Double.isFinite(length)) {
            throw new IllegalArgumentException("a half-space's normal must be a finite non-zero vector, got ("
                    + nx + ", " + ny + ", " + nz + ")");
        }
        nx /= length;
        ny /= length;
        nz /= length;
    }

    /** The floor z = 0 of the base frame, solid below. */
    public static HalfSpace floor() {
        return new HalfSpace(0, 0, 0, 0, 0, 1);
    }

    /** How deep a point of the base frame is inside the solid (m); negative when it is outside. */
    public double depth(double x, double y, double z) {
        return (px - x) * nx + (py - y) * ny + (pz - z) * nz;
    }
}
