package org.robocell.driver.franka.control;

/**
 * The outcome of shaping one command: accepted, or the check that refused it, in the order libfranka's control loop
 * runs them (filter, rate limiter, final check). Each refusal knows libfranka's error text for it.
 */
public enum CommandCheck {
    /** Every enabled stage and the final check passed: the command may be sent. */
    ACCEPTED,
    /** The low-pass filter met a NaN or infinity, in the command or in the robot's last commanded value. */
    FILTER_INPUT_NOT_FINITE,
    /** The pose low-pass filter met a NaN or infinity, in the command or in the robot's last commanded pose. */
    CARTESIAN_FILTER_INPUT_NOT_FINITE,
    /** The rate limiter met a NaN or infinity in the (filtered) command. */
    LIMITER_INPUT_NOT_FINITE,
    /** The rate limiter was given a pose that is not a column-major homogeneous transformation. */
    LIMITER_POSE_NOT_HOMOGENEOUS,
    /** The shaped command holds a NaN or infinity. */
    NOT_FINITE,
    /** The shaped pose is not a column-major homogeneous transformation. */
    POSE_NOT_HOMOGENEOUS,
    /** The elbow's second element (the sign of joint 4) is neither +1 nor −1. */
    ELBOW_SIGN_INVALID;

    /** libfranka's {@code std::invalid_argument} text for this refusal of {@code field}; empty when accepted. */
    public String libfrankaMessage(CommandField field) {
        return switch (this) {
            case ACCEPTED -> "";
            case FILTER_INPUT_NOT_FINITE ->
                    "lowpass-filter: current or past input value of the signal to be filtered is infinite or NaN.";
            case CARTESIAN_FILTER_INPUT_NOT_FINITE -> "Cartesian lowpass-filter: current or past input value of the "
                    + "signal to be filtered is infinite or NaN.";
            case LIMITER_INPUT_NOT_FINITE -> field.limiterName() + " is infinite or NaN.";
            case LIMITER_POSE_NOT_HOMOGENEOUS -> "O_T_EE_c is invalid transformation matrix. Has to be column major!";
            case NOT_FINITE -> "Commanding value is infinite or NaN.";
            case POSE_NOT_HOMOGENEOUS ->
                    "libfranka: Attempt to set invalid transformation in motion generator. Has to be column major!";
            case ELBOW_SIGN_INVALID -> "Invalid elbow configuration given! Only +1 or -1 are allowed for the sign of "
                    + "the 4th joint.";
        };
    }
}
