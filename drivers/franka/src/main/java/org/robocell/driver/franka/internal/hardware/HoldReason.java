package org.robocell.driver.franka.internal.hardware;

/** Why a Cartesian or elbow command was held at the last good one instead of being sent. */
enum HoldReason {
    /** a value is NaN or infinite */
    NOT_FINITE("is not a finite number"),
    /** the pose is no homogeneous transformation (a rotation that is not orthonormal, a last row not 0 0 0 1) */
    NOT_HOMOGENEOUS("makes the pose no homogeneous transformation (orthonormal rotation, last row 0 0 0 1;"
            + " column-major)"),
    /** the command moves faster than the FR3's Cartesian (or elbow) velocity limit from the last good one */
    BEYOND_VELOCITY_LIMIT("moves faster than the FR3's velocity limit from the last command"),
    /** the elbow's joint 4 sign is not +1 or -1 */
    ELBOW_SIGN("is not a joint 4 sign (+1 or -1)"),
    /** the elbow's joint 3 position is outside joint 3's range */
    ELBOW_OUT_OF_RANGE("is outside joint 3's range [-2.9065, 2.9065] rad");

    final String text;

    HoldReason(String text) {
        this.text = text;
    }
}
