package org.robocell.driver.franka.emulator;

import org.ejml.data.DMatrixRMaj;
import org.robocell.kinematics.KinematicModel;
import org.robocell.kinematics.KinematicWorkspace;
import org.robocell.kinematics.ReferenceFrame;

/**
 * A plant that integrates the rigid-body dynamics of a {@link KinematicModel} with
 * {@link KinematicWorkspace#forwardDynamics} (CRBA and Cholesky) in semi-implicit Euler sub-steps, with viscous
 * joint friction. Allocates nothing per step.
 */
public final class RigidBodyPlant implements Plant {

    private final KinematicWorkspace workspace;
    private final int flange;
    private final int dof;
    private final double[] damping;
    private final int substeps;
    private final double[] q;
    private final double[] dq;
    private final double[] ddq;
    private final double[] tauNet;
    private final double[] external;
    private final double[] wrench = new double[6];
    private final DMatrixRMaj jacobian;
    private boolean wrenchActive;

    /**
     * @param model      the arm, with whatever it carries as payload
     * @param flangeLink the link an applied wrench acts on
     * @param damping    viscous friction per joint, Nm s/rad
     * @param substeps   integration steps per {@link #step} (at least 1)
     */
    public RigidBodyPlant(KinematicModel model, String flangeLink, double[] damping, int substeps) {
        if (substeps < 1) {
            throw new IllegalArgumentException("substeps must be at least 1, got " + substeps);
        }
        this.substeps = substeps;
        this.workspace = model.newWorkspace();
        this.flange = model.linkIndex(flangeLink);
        this.dof = model.dof();
        if (damping.length != dof) {
            throw new IllegalArgumentException("damping needs " + dof + " values, got " + damping.length);
        }
        this.damping = damping.clone();
        this.q = new double[dof];
        this.dq = new double[dof];
        this.ddq = new double[dof];
        this.tauNet = new double[dof];
        this.external = new double[dof];
        this.jacobian = new DMatrixRMaj(6, dof);
    }

    @Override
    public int dof() {
        return dof;
    }

    @Override
    public void reset(double[] position) {
        System.arraycopy(position, 0, q, 0, dof);
        java.util.Arrays.fill(dq, 0);
        java.util.Arrays.fill(ddq, 0);
        updateExternalTorque();
    }

    @Override
    public void step(double[] tau, double dt) {
        double h = dt / substeps;
        for (int s = 0; s < substeps; s++) {
            for (int i = 0; i < dof; i++) {
                tauNet[i] = tau[i] - damping[i] * dq[i];
            }
            workspace.forwardDynamics(q, dq, tauNet, ddq);
            for (int i = 0; i < dof; i++) {
                dq[i] += ddq[i] * h;
                q[i] += dq[i] * h;
            }
        }
        updateExternalTorque();
    }

    @Override
    public void hold() {
        java.util.Arrays.fill(dq, 0);
        java.util.Arrays.fill(ddq, 0);
        updateExternalTorque();
    }

    @Override
    public void applyFlangeWrench(double[] w) {
        System.arraycopy(w, 0, wrench, 0, 6);
        wrenchActive = false;
        for (double v : wrench) {
            wrenchActive |= v != 0;
        }
        if (wrenchActive) {
            workspace.setExternalWrench(flange, wrench[0], wrench[1], wrench[2], wrench[3], wrench[4], wrench[5]);
        } else {
            workspace.clearExternalWrenches();
        }
        updateExternalTorque();
    }

    private void updateExternalTorque() {
        if (!wrenchActive) {
            java.util.Arrays.fill(external, 0);
            return;
        }
        workspace.forwardKinematics(q);
        workspace.jacobian(flange, ReferenceFrame.BASE, jacobian);
        for (int j = 0; j < dof; j++) {
            double t = 0;
            for (int r = 0; r < 6; r++) {
                t += jacobian.get(r, j) * wrench[r];
            }
            external[j] = t;
        }
    }

    @Override
    public double[] q() {
        return q;
    }

    @Override
    public double[] dq() {
        return dq;
    }

    @Override
    public double[] ddq() {
        return ddq;
    }

    @Override
    public double[] externalTorque() {
        return external;
    }
}
