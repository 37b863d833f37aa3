package org.robocell.driver.franka.internal.hardware;

import org.robocell.driver.franka.protocol.FciRequest;
import org.robocell.driver.franka.protocol.MoveControllerMode;
import org.robocell.driver.franka.protocol.MoveMotionGeneratorMode;

/**
 * Which command interfaces drive the robot, and the FCI {@code Move} that runs them, as franka_ros2's hardware
 * interface maps them: joint positions to the joint position motion generator with the robot's internal joint
 * impedance, joint velocities to the joint velocity motion generator with the same, efforts to torque control (an
 * external controller without a motion generator).
 */
enum ControlMode {
    NONE(null, null),
    JOINT_POSITION("position", new FciRequest.Move(MoveControllerMode.JOINT_IMPEDANCE,
            MoveMotionGeneratorMode.JOINT_POSITION)),
    JOINT_VELOCITY("velocity", new FciRequest.Move(MoveControllerMode.JOINT_IMPEDANCE,
            MoveMotionGeneratorMode.JOINT_VELOCITY)),
    EFFORT("effort", new FciRequest.Move(MoveControllerMode.EXTERNAL_CONTROLLER, MoveMotionGeneratorMode.NONE));

    /** The joint interface name ({@code fr3_joint1/position}'s last part); null for NONE. */
    final String interfaceName;
    /** The Move request that starts this mode on the robot; null for NONE. */
    final FciRequest.Move move;

    ControlMode(String interfaceName, FciRequest.Move move) {
        this.interfaceName = interfaceName;
        this.move = move;
    }

    static ControlMode ofInterface(String name) {
        for (ControlMode m : values()) {
            if (m.interfaceName != null && m.interfaceName.equals(name)) {
                return m;
            }
        }
        return null;
    }
}
