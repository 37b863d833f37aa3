package org.robocell.api.cell;

import org.robocell.api.lifecycle.LifecycleState;

/**
 * The answer to a hardware lifecycle request (ros2_control's {@code set_hardware_component_state}).
 *
 * @param ok      true when the component reached the requested state
 * @param state   the state the component is in afterwards
 * @param message one line for users
 * @param reason  why it failed; {@link Reason#NONE} when it reached the state (since 1.4)
 */
public record HardwareStateResult(boolean ok, LifecycleState state, String message, Reason reason) {

    public HardwareStateResult {
        message = message == null ? "" : message;
        reason = reason == null ? (ok ? Reason.NONE : Reason.UNSPECIFIED) : reason;
    }

    /** An answer without a typed reason: {@link Reason#NONE} when ok, {@link Reason#UNSPECIFIED} otherwise. */
    public HardwareStateResult(boolean ok, LifecycleState state, String message) {
        this(ok, state, message, null);
    }
}
