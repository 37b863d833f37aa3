package org.robocell.driver.franka.protocol;

/**
 * {@code Move::Deviation}: the largest path or goal deviation a Move allows (m, rad, rad).
 *
 * @param translation m
 * @param rotation    rad
 * @param elbow       rad
 */
public record Deviation(double translation, double rotation, double elbow) {

    /** libfranka's {@code kDefaultDeviation} ({@code src/control_loop.h}), sent for path and goal. */
    public static final Deviation LIBFRANKA_DEFAULT = new Deviation(10.0, 3.12, 2 * Math.PI);
}
