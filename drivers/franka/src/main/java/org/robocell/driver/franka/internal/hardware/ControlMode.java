package org.robocell.driver.franka.internal.hardware;

import org.robocell.driver.franka.protocol.FciRequest;
import org.robocell.driver.franka.protocol.MoveControllerMode;
import org.robocell.driver.franka.protocol.MoveMotionGeneratorMode;

/**
 * Which command interfaces drive the robot, and the FCI {@code Move} that runs them, as franka_ros2's hardware
 * interface maps them ({@code franka_hardware/src/franka_hardware_interface.cpp}, {@code robot.cpp}): joint
 * positions to the joint position motion generator, joint velocities to the joint velocity motion generator, the
 * Cartesian pose and Cartesian velocity interfaces to the Cartesian motion generators (each under the robot's
 * internal impedance controller), efforts to torque control (an external controller without a motion generator).
 * The elbow is no mode of its own: it rides along a Cartesian mode ({@code valid_elbow} in the command).
 */
enum ControlMode {
    NONE(null, 0, null),
    JOINT_POSITION("position", 7, MoveMotionGeneratorMode.JOINT_POSITION),
    JOINT_VELOCITY("velocity", 7, MoveMotionGeneratorMode.JOINT_VELOCITY),
    EFFORT("effort", 7, MoveMotionGeneratorMode.NONE),
    CARTESIAN_POSE(CartesianInterfaces.POSE, 16, MoveMotionGeneratorMode.CARTESIAN_POSITION),
    CARTESIAN_VELOCITY(CartesianInterfaces.VELOCITY, 6, MoveMotionGeneratorMode.CARTESIAN_VELOCITY);

    /** The interface name ({@code fr3_joint1/position}'s last part); null for NONE. */
    final String interfaceName;
    /** How many interfaces of the kind a controller must claim together. */
    final int count;
    /** The motion generator of the Move that starts this mode; null for NONE. */
    final MoveMotionGeneratorMode generator;

    ControlMode(String interfaceName, int count, MoveMotionGeneratorMode generator) {
        this.interfaceName = interfaceName;
        this.count = count;
        this.generator = generator;
    }

    boolean cartesian() {
        return this == CARTESIAN_POSE || this == CARTESIAN_VELOCITY;
    }

    boolean joint() {
        return this == JOINT_POSITION || this == JOINT_VELOCITY || this == EFFORT;
    }

    /**
     * The Move request that starts this mode: efforts run the external controller; the motion generators run
     * under the robot's joint impedance, or, for the Cartesian ones, under {@code cartesianController}.
     */
    FciRequest.Move move(MoveControllerMode cartesianController) {
        MoveControllerMode controller = switch (this) {
            case EFFORT -> MoveControllerMode.EXTERNAL_CONTROLLER;
            case CARTESIAN_POSE, CARTESIAN_VELOCITY -> cartesianController;
            default -> MoveControllerMode.JOINT_IMPEDANCE;
        };
        return new FciRequest.Move(controller, generator);
    }

    /** The joint mode of a joint interface name ({@code position}, {@code velocity}, {@code effort}), or null. */
    static ControlMode ofJointInterface(String name) {
        for (ControlMode m : values()) {
            if (m.joint() && m.interfaceName.equals(name)) {
                return m;
            }
        }
        return null;
    }
}
