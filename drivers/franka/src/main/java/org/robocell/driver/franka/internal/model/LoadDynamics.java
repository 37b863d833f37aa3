package org.robocell.driver.franka.internal.model;

import org.ejml.data.DMatrixRMaj;
import org.robocell.kinematics.KinematicWorkspace;
import org.robocell.kinematics.ReferenceFrame;

/**
 * What libfranka's load adds to the arm's dynamics: a rigid body of mass m, centre of mass c in the flange frame and
 * inertia I about c (3x3 column-major, flange axes), fixed to the flange. libfranka adds it to the last link's
 * inertia ({@code src/robot_model.cpp}, {@code updateInertiaIfNeeded}); dynamics being linear in the inertias, the
 * arm's M, C·dq and g plus this body's own terms are the same, and need no second kinematic model per load
 * ({@code KinematicModel.withPayload} builds one, which allocates). With J = [Jv; Jw] the Jacobian of c in the base
 * frame, R the flange's rotation, Iw = R I Rᵀ, ω = Jw·dq:
 * <ul>
 * <li>mass: m Jvᵀ Jv + Jwᵀ Iw Jw</li>
 * <li>Coriolis: Jvᵀ m a + Jwᵀ (Iw α + ω × Iw ω), a and α the accelerations of c and of the body at ddq = 0
 * (J̇·dq)</li>
 * <li>gravity: −Jvᵀ m g</li>
 * </ul>
 * Reads the workspace's poses of the last {@code forwardKinematics}. Allocation-free.
 */
final class LoadDynamics {

    private static final int DOF = 7;

    private final KinematicWorkspace workspace;
    private final int flange;
    private final DMatrixRMaj jacobian = new DMatrixRMaj(6, DOF);
    private final DMatrixRMaj jacobianDot = new DMatrixRMaj(6, DOF);
    private final double[] flangePose = new double[16];
    private final double[] worldInertia = new double[9];
    private final double[] iw = new double[3];

    LoadDynamics(KinematicWorkspace workspace, int flange) {
        this.workspace = workspace;
        this.flange = flange;
    }

    static boolean absent(double mass, double[] inertia) {
        if (mass != 0) {
            return false;
        }
        for (double v : inertia) {
            if (v != 0) {
                return false;
            }
        }
        return true;
    }

    /** Adds the load's m Jvᵀ Jv + Jwᵀ Iw Jw to the row-major 7x7 {@code mass}. */
    void addMass(double mass, double[] com, double[] inertia, DMatrixRMaj massMatrix) {
        workspace.jacobian(flange, com[0], com[1], com[2], ReferenceFrame.BASE, jacobian);
        rotateInertia(inertia);
        double[] j = jacobian.data;
        double[] out = massMatrix.data;
        for (int a = 0; a < DOF; a++) {
            for (int b = 0; b < DOF; b++) {
                double s = 0;
                for (int k = 0; k < 3; k++) {
                    s += mass * j[k * DOF + a] * j[k * DOF + b];
                }
                for (int r = 0; r < 3; r++) {
                    double iwb = 0;
                    for (int k = 0; k < 3; k++) {
                        iwb += worldInertia[3 * r + k] * j[(3 + k) * DOF + b];
                    }
                    s += j[(3 + r) * DOF + a] * iwb;
                }
                out[a * DOF + b] += s;
            }
        }
    }

    /** Adds the load's Coriolis and centrifugal torques at velocities {@code dq} to {@code tau}. */
    void addCoriolis(double[] dq, double mass, double[] com, double[] inertia, double[] tau) {
        workspace.jacobian(flange, com[0], com[1], com[2], ReferenceFrame.BASE, jacobian);
        workspace.jacobianTimeDerivative(flange, dq, ReferenceFrame.BASE, jacobianDot);
        rotateInertia(inertia);
        double[] j = jacobian.data;
        double[] jd = jacobianDot.data;
        double ox = row(j, 3, dq), oy = row(j, 4, dq), oz = row(j, 5, dq);
        // the flange origin's and the body's accelerations at ddq = 0
        double aox = row(jd, 0, dq), aoy = row(jd, 1, dq), aoz = row(jd, 2, dq);
        double alx = row(jd, 3, dq), aly = row(jd, 4, dq), alz = row(jd, 5, dq);
        // r: flange origin -> centre of mass, base frame
        double rx = flangePose[0] * com[0] + flangePose[1] * com[1] + flangePose[2] * com[2];
        double ry = flangePose[4] * com[0] + flangePose[5] * com[1] + flangePose[6] * com[2];
        double rz = flangePose[8] * com[0] + flangePose[9] * com[1] + flangePose[10] * com[2];
        // ω × r, then a = a₀ + α × r + ω × (ω × r)
        double wrx = oy * rz - oz * ry, wry = oz * rx - ox * rz, wrz = ox * ry - oy * rx;
        double ax = aox + aly * rz - alz * ry + oy * wrz - oz * wry;
        double ay = aoy + alz * rx - alx * rz + oz * wrx - ox * wrz;
        double az = aoz + alx * ry - aly * rx + ox * wry - oy * wrx;
        // N = Iw α + ω × Iw ω
        multiplyInertia(ox, oy, oz);
        double cx = oy * iw[2] - oz * iw[1], cy = oz * iw[0] - ox * iw[2], cz = ox * iw[1] - oy * iw[0];
        multiplyInertia(alx, aly, alz);
        double nx = iw[0] + cx, ny = iw[1] + cy, nz = iw[2] + cz;
        for (int i = 0; i < DOF; i++) {
            tau[i] += mass * (j[i] * ax + j[DOF + i] * ay + j[2 * DOF + i] * az)
                    + j[3 * DOF + i] * nx + j[4 * DOF + i] * ny + j[5 * DOF + i] * nz;
        }
    }

    /** Adds −Jvᵀ m g, the torques holding the load against gravity {@code g} (base frame), to {@code tau}. */
    void addGravity(double mass, double[] com, double[] g, double[] tau) {
        workspace.jacobian(flange, com[0], com[1], com[2], ReferenceFrame.BASE, jacobian);
        double[] j = jacobian.data;
        for (int i = 0; i < DOF; i++) {
            tau[i] -= mass * (j[i] * g[0] + j[DOF + i] * g[1] + j[2 * DOF + i] * g[2]);
        }
    }

    /** Iw = R I Rᵀ (row-major; I column-major, symmetric in practice but taken as given). */
    private void rotateInertia(double[] inertia) {
        workspace.linkTransform(flange, flangePose); // row-major
        for (int r = 0; r < 3; r++) {
            for (int c = 0; c < 3; c++) {
                double s = 0;
                for (int k = 0; k < 3; k++) {
                    for (int l = 0; l < 3; l++) {
                        // I[k][l] column-major = inertia[3 * l + k]
                        s += flangePose[4 * r + k] * inertia[3 * l + k] * flangePose[4 * c + l];
                    }
                }
                worldInertia[3 * r + c] = s;
            }
        }
    }

    private void multiplyInertia(double x, double y, double z) {
        for (int r = 0; r < 3; r++) {
            iw[r] = worldInertia[3 * r] * x + worldInertia[3 * r + 1] * y + worldInertia[3 * r + 2] * z;
        }
    }

    private static double row(double[] m, int r, double[] v) {
        double s = 0;
        for (int c = 0; c < DOF; c++) {
            s += m[r * DOF + c] * v[c];
        }
        return s;
    }
}
