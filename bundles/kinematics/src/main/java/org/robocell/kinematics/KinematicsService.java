package org.robocell.kinematics;

import org.osgi.annotation.versioning.ProviderType;
import org.robocell.api.model.RobotModel;

/**
 * The OSGi service controllers get kinematics from, the counterpart of ros2_control's kinematics_interface
 * plugin loader: a controller asks for a solver when it is configured and calls it from its update.
 */
@ProviderType
public interface KinematicsService {

    /** The kinematic model of a robot (see {@link KinematicModel#of}). */
    KinematicModel model(RobotModel robot);

    /**
     * A solver for one controller (not thread-safe; it owns its workspace).
     *
     * @param baseLink the frame results are expressed in: the root link or a link rigidly attached to it
     * @param alpha    damping of the Jacobian inverse (JᵀJ + alpha·I)⁻¹Jᵀ, as kinematics_interface_kdl's
     *                 {@code alpha} parameter; must be >= 0
     * @throws IllegalArgumentException when the model cannot be built, the base link is unknown or moves, or
     *                                  alpha is negative
     */
    KinematicsSolver solver(RobotModel robot, String baseLink, double alpha);

    /**
     * A solver for the chain from the root to {@code tipLink} (see {@link KinematicModel#of(RobotModel, String)}),
     * as kinematics_interface_kdl builds from its {@code base} and {@code tip} parameters: joint vectors hold the
     * chain's joints only.
     */
    KinematicsSolver solver(RobotModel robot, String baseLink, String tipLink, double alpha);
}
