package org.robocell.driver.franka.api;

import org.robocell.driver.franka.protocol.ProtocolVersion;
import org.robocell.driver.franka.protocol.RobotState;

/**
 * A robot state as {@link FrankaRobot#state()} read it.
 *
 * @param state     a copy of the newest {@code RobotState} the robot sent
 * @param version   the FCI protocol version it was read with
 * @param connected whether it came through the component's own connection (false: a connection of the call's own,
 *                  the component being unconfigured)
 */
public record FrankaState(RobotState state, ProtocolVersion version, boolean connected) {
}
