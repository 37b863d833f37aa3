package org.robocell.driver.franka.emulator;

import org.ejml.data.DMatrixRMaj;
import org.robocell.kinematics.KinematicModel;
import org.robocell.kinematics.KinematicWorkspace;
import org.robocell.kinematics.ReferenceFrame;

/**
 * The payload the robot was told about (SetLoad: {@code m_load} at {@code F_x_Cload} in the flange frame) as the
 * robot's model sees it: the joint torques that hold it against gravity, which the robot adds to its gravity
 * compensation, and the wrench it exerts at the flange. The plant carries no payload of its own, so a load the robot
 * is told about shows, as on a robot told about a load it does not carry, as an external torque and force lifting the
 * flange ({@code tau_ext_hat_filtered}, {@code O_F_ext_hat_K}). Allocation-free.
 */
final class ModelledLoad {

    private static final double G = 9.81;
    private static final int DOF = 7;

    private final KinematicWorkspace workspace;
    private final int flange;
    private final DMatrixRMaj jacobian = new DMatrixRMaj(6, DOF);
    private final double[] flangePose = new double[16];
    /** joint torques holding the load against gravity (Nm); zero without a load */
    final double[] torques = new double[DOF];
    /** the load's weight as a wrench at the flange, base frame: force (N), moment about the flange (Nm) */
    final double[] wrench = new double[6];

    ModelledLoad(KinematicModel model) {
        this.workspace = model.newWorkspace();
        this.flange = model.linkIndex(Fr3Model.FLANGE);
    }

    /** The load's torques and wrench at joint positions {@code q}. */
    void update(double[] q, double mass, double[] centerOfMass) {
        if (mass == 0) {
            java.util.Arrays.fill(torques, 0);
            java.util.Arrays.fill(wrench, 0);
            return;
        }
        workspace.forwardKinematics(q);
        workspace.jacobian(flange, centerOfMass[0], centerOfMass[1], centerOfMass[2], ReferenceFrame.BASE, jacobian);
        double weight = mass * G;
        for (int i = 0; i < DOF; i++) {
            // Jᵀ of the upward force that holds the weight: row vz of the centre of mass's Jacobian
            torques[i] = jacobian.get(2, i) * weight;
        }
        workspace.linkTransform(flange, flangePose); // row-major
        double rx = flangePose[0] * centerOfMass[0] + flangePose[1] * centerOfMass[1] + flangePose[2] * centerOfMass[2];
        double ry = flangePose[4] * centerOfMass[0] + flangePose[5] * centerOfMass[1] + flangePose[6] * centerOfMass[2];
        // the force holding the load, (0, 0, weight), at the centre of mass: its moment about the flange is r × f
        wrench[0] = 0;
        wrench[1] = 0;
        wrench[2] = weight;
        wrench[3] = ry * weight;
        wrench[4] = -rx * weight;
        wrench[5] = 0;
    }
}
