package org.robocell.driver.kuka.eac.internal;

import org.robocell.driver.kuka.cartesian.CartesianCheck;

/**
 * Why the loop held a command instead of sending it (the last valid value goes out again; a twist is replaced by
 * none: the flange stops). The number is the value of the state interface {@code <status_prefix>/held_reason}
 * (0: nothing held since activation).
 */
enum HeldReason {
    NONE(0, "nothing held"),
    NOT_FINITE(1, "a command value was NaN or infinite"),
    BEYOND_LIMIT(2, "a joint command beyond its interface's min/max"),
    NOT_A_UNIT_QUATERNION(3, "the pose's quaternion (qw, qx, qy, qz) is not of length 1"),
    OUT_OF_REACH(4, "the pose's position is beyond the LBR iisy 3 R760's reach of 760.5 mm from the A2 axis"),
    TOO_FAST(5, "the pose moved farther in one cycle than max_cartesian_velocity or max_cartesian_angular_velocity"
            + " allow"),
    TWIST_BEYOND_LIMIT(6, "the twist is faster than max_cartesian_velocity or max_cartesian_angular_velocity"),
    NEGATIVE_IMPEDANCE(7, "a Cartesian stiffness below 0 or a damping outside 0..1");

    final int number;
    /** one line, for the log and the README */
    final String line;

    /** The reason for what the shared Cartesian check found (NONE when it passes). */
    static HeldReason of(CartesianCheck.Verdict verdict) {
        return switch (verdict) {
            case PASSES -> NONE;
            case NOT_FINITE -> NOT_FINITE;
            case NOT_A_UNIT_QUATERNION -> NOT_A_UNIT_QUATERNION;
            case OUT_OF_REACH -> OUT_OF_REACH;
            case TOO_FAST -> TOO_FAST;
            case TWIST_BEYOND_LIMIT -> TWIST_BEYOND_LIMIT;
        };
    }

    HeldReason(int number, String line) {
        this.number = number;
        this.line = line;
    }
}
