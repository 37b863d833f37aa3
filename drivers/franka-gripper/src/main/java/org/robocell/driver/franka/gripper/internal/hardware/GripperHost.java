package org.robocell.driver.franka.gripper.internal.hardware;

import org.robocell.driver.franka.gripper.api.FrankaGripper;

/** What a Hand component needs from the framework around it. */
interface GripperHost {

    /** Registers the component's {@link FrankaGripper} service; running the returned action withdraws it. */
    Runnable announce(String component, FrankaGripper gripper);

    /** Outside a framework (unit tests): no service. */
    GripperHost NONE = (component, gripper) -> () -> {
    };
}
