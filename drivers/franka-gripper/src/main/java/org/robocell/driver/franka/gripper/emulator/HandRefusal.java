package org.robocell.driver.franka.gripper.emulator;

/** Why the emulated Hand answered a command kFail without moving. */
enum HandRefusal {
    /** a width, speed, force or epsilon that is NaN or infinite */
    NOT_A_NUMBER,
    /** a target width below 0 */
    WIDTH_NEGATIVE,
    /** a target width above the max width the last homing measured */
    WIDTH_BEYOND_MAX,
    /** a speed of 0 or less */
    SPEED_NOT_POSITIVE,
    /** a grasp force of 0 or less, or above the Hand's */
    FORCE_OUT_OF_RANGE,
    /** a negative grasp epsilon */
    EPSILON_NEGATIVE,
    /** a move that closed onto the object between the fingers before its target */
    BLOCKED_BY_OBJECT
}
