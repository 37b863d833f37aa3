package org.robocell.driver.kuka.fri.internal;

import org.robocell.driver.kuka.cartesian.CartesianCheck;

/**
 * Why the loop held a command instead of sending it: the last valid value goes out again. The number is the value of
 * the state interface {@code <status_prefix>/held_reason} (0: nothing held since activation).
 */
enum HeldReason {
    NONE(0, "nothing held"),
    NOT_FINITE(1, "a command value was NaN or infinite"),
    BEYOND_JOINT_LIMIT(2, "a joint position beyond the joint's limit"),
    BEYOND_TORQUE_LIMIT(3, "a joint torque beyond 200 Nm"),
    NOT_A_UNIT_QUATERNION(4, "the pose's quaternion (qw, qx, qy, qz) is not of length 1"),
    OUT_OF_WORKSPACE(5, "the pose's position is beyond the LBR iiwa 14's reach of 946 mm from the A2 axis"),
    TOO_FAST(6, "the pose moved farther in one answered cycle than max_cartesian_velocity or"
            + " max_cartesian_angular_velocity allow");

    final int number;
    /** one line, for the log and the README */
    final String line;

    /** The reason for what the shared Cartesian check found (NONE when it passes). */
    static HeldReason of(CartesianCheck.Verdict verdict) {
        return switch (verdict) {
            case PASSES -> NONE;
            case NOT_FINITE -> NOT_FINITE;
            case NOT_A_UNIT_QUATERNION -> NOT_A_UNIT_QUATERNION;
            case OUT_OF_REACH -> OUT_OF_WORKSPACE;
            // FRI has no twist command; a pose that moved too far is the only speed a check can find here
            case TOO_FAST, TWIST_BEYOND_LIMIT -> TOO_FAST;
        };
    }

    HeldReason(int number, String line) {
        this.number = number;
        this.line = line;
    }
}
