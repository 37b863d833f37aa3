package org.robocell.kinematics;

import java.util.List;

import org.osgi.annotation.versioning.ProviderType;
import org.robocell.api.model.Inertial;
import org.robocell.api.model.RobotModel;
import org.robocell.kinematics.internal.RigidBodyTree;

/**
 * The immutable kinematic and inertial model of a robot (Pinocchio's Model): its movable joints in
 * {@link #jointNames()} order, every link as a frame, gravity and an optional payload. Safe to share between
 * threads; each thread evaluates it in a {@link KinematicWorkspace} of its own.
 */
@ProviderType
public interface KinematicModel {

    /**
     * Builds the model of a URDF robot, chain or tree. Revolute, continuous and prismatic joints move; fixed
     * joints rigidly attach their child link (and its inertia) to the parent. Gravity is (0, 0, -9.81) in the
     * root link frame.
     *
     * @throws IllegalArgumentException for floating, planar or mimic joints, or a zero joint axis
     */
    static KinematicModel of(RobotModel robot) {
        return RigidBodyTree.of(robot);
    }

    /**
     * Builds the model of the chain from the root to {@code tipLink}, as KDL and kinematics_interface do: only the
     * joints on that path move (joint vectors have one entry per chain joint). Every other joint is locked at
     * position 0 (a mimic joint at its offset), so branches such as gripper fingers stay attached with their mass.
     *
     * @throws IllegalArgumentException when the robot has no such link, or the chain holds a floating, planar or
     *                                  mimic joint
     */
    static KinematicModel of(RobotModel robot, String tipLink) {
        return RigidBodyTree.chain(robot, tipLink);
    }

    /** Number of movable joints: the length of every joint-space vector. */
    int dof();

    /** The movable joints, in the order of joint-space vectors (parents before children). */
    List<String> jointNames();

    /** Every link of the robot, in the order of link indices. */
    List<String> linkNames();

    /** The root link: the base frame of every pose and Jacobian. */
    String baseLink();

    /**
     * The index of a link, for the allocation-free queries of {@link KinematicWorkspace}.
     *
     * @throws IllegalArgumentException when the robot has no such link
     */
    int linkIndex(String linkName);

    /** Lower position limit of movable joint {@code joint}; negative infinity for a continuous joint. */
    double lowerLimit(int joint);

    /** Upper position limit of movable joint {@code joint}; positive infinity for a continuous joint. */
    double upperLimit(int joint);

    /** Gravity acceleration in the base frame, (x, y, z) in m/s². */
    double[] gravity();

    /** This model with another gravity vector, expressed in the base frame. */
    KinematicModel withGravity(double x, double y, double z);

    /**
     * This model carrying a payload rigidly attached to {@code linkName}: its mass, centre of mass (the
     * inertial's origin, in the link frame) and inertia about the centre of mass (in the frame rotated by the
     * origin's rpy). Replaces any previous payload.
     */
    KinematicModel withPayload(String linkName, Inertial payload);

    /** This model without payload. */
    KinematicModel withoutPayload();

    /** A new workspace for one thread, with every buffer the computations need allocated up front. */
    KinematicWorkspace newWorkspace();
}
