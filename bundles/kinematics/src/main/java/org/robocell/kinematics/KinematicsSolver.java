package org.robocell.kinematics;

import java.util.List;

import org.ejml.data.DMatrixRMaj;
import org.osgi.annotation.versioning.ProviderType;

/**
 * The calls of ros2_control's kinematics_interface, for controllers. Results are expressed in the solver's base
 * frame, Jacobians have rows (vx, vy, vz, wx, wy, wz) with the reference point at the link origin, and Cartesian
 * deltas are (dx, dy, dz, drx, dry, drz). Like kinematics_interface, each call returns false (and leaves its
 * output unspecified) when a vector has the wrong length or the link is unknown, instead of throwing. No call
 * allocates. Not thread-safe: one solver per controller.
 */
@ProviderType
public interface KinematicsSolver {

    /** The movable joints in the order of joint vectors. */
    List<String> jointNames();

    /** The frame results are expressed in. */
    String baseLink();

    /** The pose of {@code link} as a row-major 4x4 transform (16 doubles). */
    boolean calculateLinkTransform(double[] q, String link, double[] transform);

    /** The geometric Jacobian (6 x dof) of {@code link}'s origin. */
    boolean calculateJacobian(double[] q, String link, DMatrixRMaj jacobian);

    /** The damped pseudo-inverse (JᵀJ + alpha·I)⁻¹Jᵀ (dof x 6) of {@code link}'s Jacobian. */
    boolean calculateJacobianInverse(double[] q, String link, DMatrixRMaj jacobianInverse);

    /** deltaTheta = J⁺ deltaX: the joint motion that moves {@code link} by the Cartesian delta (6). */
    boolean convertCartesianDeltasToJointDeltas(double[] q, double[] deltaX, String link, double[] deltaTheta);

    /** deltaX = J deltaTheta: the Cartesian motion (6) of {@code link} for a joint motion. */
    boolean convertJointDeltasToCartesianDeltas(double[] q, double[] deltaTheta, String link, double[] deltaX);
}
