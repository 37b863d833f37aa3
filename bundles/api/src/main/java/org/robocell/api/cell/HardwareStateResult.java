package org.robocell.api.cell;

import org.robocell.api.lifecycle.LifecycleState;

/**
 * The answer to a hardware lifecycle request (ros2_control's {@code set_hardware_component_state}).
 *
 * @param ok      true when the component reached the requested state
 * @param state   the state the component is in afterwards
 * @param message one line for users
 */
public record HardwareStateResult(boolean ok, LifecycleState state, String message) {

    public HardwareStateResult {
        message = message == null ? "" : message;
    }
}
