package org.robocell.driver.franka.emulator;

import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.ejml.dense.row.factory.LinearSolverFactory_DDRM;
import org.ejml.interfaces.linsol.LinearSolverDense;
import org.robocell.driver.franka.internal.model.Transforms;
import org.robocell.kinematics.KinematicModel;
import org.robocell.kinematics.KinematicWorkspace;
import org.robocell.kinematics.ReferenceFrame;

/**
 * The robot's Cartesian impedance controller: a spring {@code K_x} (SetCartesianImpedance) and a damper between
 * the end effector and the pose the motion generator's joints give it, as joint torques {@code Jᵀ F}, with the
 * feed-forward of the desired acceleration and a weak joint spring and damper that keep the null space (joint 3's
 * self-motion) from drifting. The damping is chosen once per motion for a damping ratio of about 0.7 on the
 * end effector's operational-space inertia. Allocates nothing per cycle.
 */
final class CartesianImpedanceController {

    private static final int DOF = 7;
    private static final double NULL_SPACE_STIFFNESS = 10;
    private static final double NULL_SPACE_DAMPING = 1;

    private final KinematicWorkspace workspace;
    private final int flange;
    private final double[] fTEe = new double[16];
    private final double[] stiffness = new double[6];
    private final double[] damping = new double[6];
    private final double[] rowMajor = new double[16];
    private final double[] flangePose = new double[16];
    private final double[] desired = new double[16];
    private final double[] actual = new double[16];
    private final double[] error = new double[6];
    private final double[] inverse = new double[DOF];
    private final double[] gravity = new double[DOF];
    private final DMatrixRMaj jacobian = new DMatrixRMaj(6, DOF);
    private final DMatrixRMaj mass = new DMatrixRMaj(DOF, DOF);
    private final DMatrixRMaj massInverseJt = new DMatrixRMaj(DOF, 6);
    private final DMatrixRMaj inverseLambda = new DMatrixRMaj(6, 6);
    private final LinearSolverDense<DMatrixRMaj> massSolver = LinearSolverFactory_DDRM.symmPosDef(DOF);
    private final DMatrixRMaj jt = new DMatrixRMaj(DOF, 6);

    CartesianImpedanceController(KinematicModel model) {
        this.workspace = model.newWorkspace();
        this.flange = model.linkIndex(Fr3Model.FLANGE);
    }

    /** Chooses the damping for a motion starting at {@code q} with stiffness {@code kX}. */
    void start(double[] q, double[] kX, double[] flangeToEndEffector) {
        System.arraycopy(kX, 0, stiffness, 0, 6);
        System.arraycopy(flangeToEndEffector, 0, fTEe, 0, 16);
        workspace.forwardKinematics(q);
        workspace.jacobian(flange, fTEe[12], fTEe[13], fTEe[14], ReferenceFrame.BASE, jacobian);
        workspace.massMatrix(q, mass);
        CommonOps_DDRM.transpose(jacobian, jt);
        // Λ⁻¹ = J M⁻¹ Jᵀ; each axis gets 2·0.7·sqrt(k / Λ⁻¹_ii)
        if (massSolver.setA(mass)) {
            massSolver.solve(jt, massInverseJt);
            CommonOps_DDRM.mult(jacobian, massInverseJt, inverseLambda);
            for (int i = 0; i < 6; i++) {
                double lambda = 1 / Math.max(inverseLambda.get(i, i), 1e-6);
                damping[i] = 1.4 * Math.sqrt(Math.max(0, stiffness[i]) * lambda);
            }
        }
    }

    /** The torques (gravity excluded) that pull the end effector towards the pose of {@code qD}. */
    void torques(double[] q, double[] dq, double[] qD, double[] dqD, double[] ddqD, double[] tau) {
        endEffector(qD, desired);
        endEffector(q, actual);
        CartesianMotionGenerator.difference(actual, desired, error);
        workspace.jacobian(flange, fTEe[12], fTEe[13], fTEe[14], ReferenceFrame.BASE, jacobian);
        for (int r = 0; r < 6; r++) {
            double velocityError = 0;
            for (int j = 0; j < DOF; j++) {
                velocityError += jacobian.get(r, j) * (dqD[j] - dq[j]);
            }
            error[r] = stiffness[r] * error[r] + damping[r] * velocityError;
        }
        workspace.inverseDynamics(q, dq, ddqD, inverse);
        workspace.gravity(q, gravity);
        for (int j = 0; j < DOF; j++) {
            double t = inverse[j] - gravity[j] + NULL_SPACE_STIFFNESS * (qD[j] - q[j])
                    + NULL_SPACE_DAMPING * (dqD[j] - dq[j]);
            for (int r = 0; r < 6; r++) {
                t += jacobian.get(r, j) * error[r];
            }
            tau[j] = t;
        }
    }

    private void endEffector(double[] q, double[] out) {
        workspace.forwardKinematics(q);
        workspace.linkTransform(flange, rowMajor);
        Transforms.fromRowMajor(rowMajor, flangePose);
        Transforms.multiply(flangePose, fTEe, out);
    }
}
