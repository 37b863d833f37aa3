package org.robocell.api.cell;

/**
 * Why a request to the cell ended as it did, as a type callers decide on instead of matching message text.
 * {@link #NONE} when it succeeded.
 *
 * @since 1.4
 */
public enum Reason {
    /** It did what was asked (or there was nothing to do). */
    NONE,
    /** It failed; the answer was made by code that gives no reason (the constructors without one). */
    UNSPECIFIED,
    /** No controller, hardware component, robot, control mode or interface of that name. */
    UNKNOWN_NAME,
    /** The name breaks the naming rules. */
    INVALID_NAME,
    /** A value is malformed, out of range, NaN or infinite. */
    INVALID_ARGUMENT,
    /** Something of that name exists already. */
    ALREADY_EXISTS,
    /** No installed bundle serves the controller type or hardware plugin. */
    NOT_INSTALLED,
    /** It is not in a state that allows the request. */
    WRONG_STATE,
    /** It is changing state right now; try again. */
    BUSY,
    /** A command interface it needs is claimed by another controller. */
    INTERFACE_CLAIMED,
    /** A command or state interface it needs does not exist or is unavailable. */
    INTERFACE_UNAVAILABLE,
    /** The controller chain does not allow it (a following controller inactive, a cycle, a preceding one active). */
    CHAIN,
    /** A lifecycle callback of a controller or hardware component answered FAILURE or ERROR, or threw. */
    CALLBACK_FAILED,
    /** A hardware component refused the command mode switch. */
    HARDWARE_REFUSED,
    /** A reload found the controller already running the newest code of its type. */
    SAME_CODE,
    /** The loop did not commit it in time (or is not running). */
    TIMED_OUT,
    /** The states it was checked against changed before the loop committed it; nothing was changed. */
    STALE,
    /** A STRICT switch failed at the boundary and was undone completely. */
    ROLLED_BACK,
    /** A BEST_EFFORT switch did part of what was asked. */
    PARTIAL,
    /** A goal or command lies outside the joint limits. */
    OUTSIDE_LIMITS
}
