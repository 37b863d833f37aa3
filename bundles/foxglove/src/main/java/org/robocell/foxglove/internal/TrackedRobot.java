package org.robocell.foxglove.internal;

import org.robocell.api.cell.ControllerManager;

/** A robot's manager with its namespace (service property {@value ControllerManager#NAMESPACE}; empty when none). */
record TrackedRobot(ControllerManager manager, String namespace) {

    TrackedRobot {
        namespace = namespace == null ? "" : namespace.trim();
    }

    String name() {
        return manager.robot();
    }
}
