package org.robocell.driver.kuka.cartesian;

/**
 * The sphere a KUKA arm's flange can reach: centred on the A2 axis, {@code shoulderHeightMm} above the base, of
 * radius {@code reachMm} (the links from A2 to the flange stretched out). No pose outside it can be reached; a pose
 * inside may still be out of reach of the joint limits, which the inverse kinematics finds out.
 */
public record Reach(double shoulderHeightMm, double reachMm) {

    public Reach {
        if (!(shoulderHeightMm >= 0) || !(reachMm > 0) || Double.isInfinite(reachMm)) {
            throw new IllegalArgumentException("a reach needs a shoulder height >= 0 and a finite reach > 0 (mm), got "
                    + shoulderHeightMm + " and " + reachMm);
        }
    }

    /** Whether the position (mm, in the base frame) lies within the sphere. */
    public boolean contains(double x, double y, double z) {
        double dz = z - shoulderHeightMm;
        return Math.sqrt(x * x + y * y + dz * dz) <= reachMm;
    }
}
