package org.robocell.motion.internal;

/** The tool position along a LIN or CIRC, parametrised by u in [0, 1] proportional to arc length. */
interface CartesianPath {

    /** Path length (m). */
    double length();

    /** The position at {@code u} into {@code out} (3 doubles). */
    void position(double u, double[] out);
}
