package org.robocell.api.lifecycle;

/**
 * Why a hardware component or a controller failed, as a type the cell can decide on without reading messages.
 * Reported by the component itself ({@code fault()}) or by the manager that saw it fail; the matching message is
 * the component's {@code lastError()}. Returning a constant allocates nothing, so the loop records faults freely.
 *
 * @since 1.1
 */
public enum Fault {
    /** It has not failed. */
    NONE,
    /** A lifecycle callback answered FAILURE: the transition did not happen, nothing is broken. */
    CALLBACK_FAILURE,
    /** A lifecycle callback answered ERROR or null. */
    CALLBACK_ERROR,
    /** A callback or a real-time method threw. */
    EXCEPTION,
    /** {@code read}, {@code write} or {@code update} answered ERROR. */
    REALTIME_ERROR,
    /** It took longer than its execution budget in too many cycles in a row. */
    BUDGET_OVERRUN,
    /** A parameter or a description value is wrong (the message names it). */
    CONFIGURATION,
    /** It could not start from the measured state: a state it needs is missing, NaN or infinite. */
    NO_MEASURED_STATE,
    /** The robot went silent for longer than the driver's receive timeout. */
    COMMUNICATION_TIMEOUT,
    /** The connection to the robot failed (socket error, refused, closed). */
    COMMUNICATION_FAILED,
    /** The robot ended the session or reported a fault of its own (stop, reflex, emergency stop). */
    ROBOT_STOPPED,
    /** Another member of its {@code <group>} failed. */
    GROUP_MEMBER_FAILED,
    /** A controller of its chain group, or the hardware it commands, failed, and it was taken out with it. */
    DEPENDENCY_FAILED,
    /** The bundle that provides it went away. */
    DEPARTED
}
