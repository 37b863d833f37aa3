package org.robocell.controller.franka.impedance.internal;

import org.robocell.controller.franka.semantic.Quaternions;

/**
 * franka_ros's Cartesian impedance with nullspace stiffness (franka_example_controllers/src/
 * cartesian_impedance_example_controller.cpp), one cycle at a time, allocation-free:
 * <pre>
 * e       = [p − p_d ; −R·vec(q⁻¹·q_d)]                       (base frame; q flipped onto q_d's hemisphere)
 * τ_task  = Jᵀ·(−K·e − D·(J·dq))                               K = diag(k_t·I₃, k_r·I₃), D = 2·sqrt(K)
 * τ_ns    = (I − Jᵀ·Jᵀ⁺)·(k_ns·(q_ns − q) − 2·sqrt(k_ns)·dq)    Jᵀ⁺ = (J·Jᵀ + λ²I)⁻¹·J, λ = 0.2 (pseudo_inversion.h)
 * τ_d     = τ_task + τ_ns + coriolis
 * </pre>
 * then, every cycle, the stiffness, damping and equilibrium move toward their targets by {@code filter_params}
 * (position linearly, orientation by slerp), as upstream filters them. J is the zero Jacobian of the end effector
 * (6x7 column-major), R and p the measured {@code O_T_EE}.
 */
final class CartesianImpedanceLaw {

    private static final int N = FrankaArm.JOINTS;
    private static final double LAMBDA_SQUARED = 0.2 * 0.2;

    // equilibrium and its target
    private final double[] positionD = new double[3];
    private final double[] orientationD = new double[4];
    private final double[] positionTarget = new double[3];
    private final double[] orientationTarget = new double[4];
    private final double[] qNullspace = new double[N];
    // stiffness in force and its target
    private double kt, kr, kns;
    private double ktTarget, krTarget, knsTarget;

    // workspace
    private final double[] orientation = new double[4];
    private final double[] error = new double[6];
    private final double[] twist = new double[6];
    private final double[] wrench = new double[6];
    private final double[] a = new double[36];
    private final double[] x = new double[42];
    private final double[] nullspaceTorque = new double[N];
    private final double[] y = new double[6];

    /** Activation: the equilibrium at the measured pose, the nullspace goal at the measured q, stiffness from 0. */
    void start(double[] oTEe, double[] q, Compliance target) {
        positionD[0] = oTEe[12];
        positionD[1] = oTEe[13];
        positionD[2] = oTEe[14];
        Quaternions.fromTransform(oTEe, orientationD);
        System.arraycopy(positionD, 0, positionTarget, 0, 3);
        System.arraycopy(orientationD, 0, orientationTarget, 0, 4);
        System.arraycopy(q, 0, qNullspace, 0, N);
        kt = 0;
        kr = 0;
        kns = 0;
        setCompliance(target);
    }

    void setCompliance(Compliance c) {
        ktTarget = c.translational();
        krTarget = c.rotational();
        knsTarget = c.nullspace();
    }

    /**
     * A new equilibrium target: position and a unit quaternion (x, y, z, w), flipped onto the previous target's
     * hemisphere as upstream's {@code equilibriumPoseCallback} does.
     */
    void setEquilibrium(double px, double py, double pz, double qx, double qy, double qz, double qw) {
        double n = Quaternions.norm(qx, qy, qz, qw);
        double s = (orientationTarget[0] * qx + orientationTarget[1] * qy + orientationTarget[2] * qz
                + orientationTarget[3] * qw) < 0 ? -1 / n : 1 / n;
        positionTarget[0] = px;
        positionTarget[1] = py;
        positionTarget[2] = pz;
        orientationTarget[0] = s * qx;
        orientationTarget[1] = s * qy;
        orientationTarget[2] = s * qz;
        orientationTarget[3] = s * qw;
    }

    /** τ_d into {@code tau} for the measured state; then the filter step toward the targets. */
    void compute(double[] q, double[] dq, double[] oTEe, double[] jacobian, double[] coriolis, double[] tau,
            double filter) {
        // pose error
        error[0] = oTEe[12] - positionD[0];
        error[1] = oTEe[13] - positionD[1];
        error[2] = oTEe[14] - positionD[2];
        Quaternions.fromTransform(oTEe, orientation);
        Quaternions.orientationError(oTEe, orientation, orientationD, error, 3);
        // twist J·dq and the wrench −K·e − D·twist
        for (int r = 0; r < 6; r++) {
            double v = 0;
            for (int c = 0; c < N; c++) {
                v += jacobian[c * 6 + r] * dq[c];
            }
            twist[r] = v;
            double k = r < 3 ? kt : kr;
            wrench[r] = -k * error[r] - 2.0 * Math.sqrt(k) * v;
        }
        nullspace(q, dq, jacobian);
        for (int c = 0; c < N; c++) {
            double t = 0;
            for (int r = 0; r < 6; r++) {
                t += jacobian[c * 6 + r] * wrench[r];
            }
            tau[c] = t + nullspaceTorque[c] + coriolis[c];
        }
        filter(filter);
    }

    /** (I − Jᵀ·X)·τ₀ with X = (J·Jᵀ + λ²I)⁻¹·J solved by Cholesky, τ₀ the nullspace PD torque. */
    private void nullspace(double[] q, double[] dq, double[] jacobian) {
        // a = J·Jᵀ + λ²I (6x6, row-major, symmetric)
        for (int r = 0; r < 6; r++) {
            for (int s = 0; s <= r; s++) {
                double v = 0;
                for (int c = 0; c < N; c++) {
                    v += jacobian[c * 6 + r] * jacobian[c * 6 + s];
                }
                if (r == s) {
                    v += LAMBDA_SQUARED;
                }
                a[r * 6 + s] = v;
                a[s * 6 + r] = v;
            }
        }
        // Cholesky a = L·Lᵀ in place (lower triangle); positive definite thanks to λ²
        for (int j = 0; j < 6; j++) {
            double d = a[j * 6 + j];
            for (int k = 0; k < j; k++) {
                d -= a[j * 6 + k] * a[j * 6 + k];
            }
            d = Math.sqrt(d);
            a[j * 6 + j] = d;
            for (int i = j + 1; i < 6; i++) {
                double v = a[i * 6 + j];
                for (int k = 0; k < j; k++) {
                    v -= a[i * 6 + k] * a[j * 6 + k];
                }
                a[i * 6 + j] = v / d;
            }
        }
        // X (6x7, column-major like J): solve L·Lᵀ·x_c = J_c per column
        for (int c = 0; c < N; c++) {
            int o = c * 6;
            for (int i = 0; i < 6; i++) {
                double v = jacobian[o + i];
                for (int k = 0; k < i; k++) {
                    v -= a[i * 6 + k] * x[o + k];
                }
                x[o + i] = v / a[i * 6 + i];
            }
            for (int i = 5; i >= 0; i--) {
                double v = x[o + i];
                for (int k = i + 1; k < 6; k++) {
                    v -= a[k * 6 + i] * x[o + k];
                }
                x[o + i] = v / a[i * 6 + i];
            }
        }
        // τ₀, then y = X·τ₀ and τ_ns = τ₀ − Jᵀ·y
        double damping = 2.0 * Math.sqrt(kns);
        double[] t0 = nullspaceTorque;
        for (int c = 0; c < N; c++) {
            t0[c] = kns * (qNullspace[c] - q[c]) - damping * dq[c];
        }
        for (int r = 0; r < 6; r++) {
            double v = 0;
            for (int c = 0; c < N; c++) {
                v += x[c * 6 + r] * t0[c];
            }
            y[r] = v;
        }
        for (int c = 0; c < N; c++) {
            double v = 0;
            for (int r = 0; r < 6; r++) {
                v += jacobian[c * 6 + r] * y[r];
            }
            t0[c] -= v;
        }
    }

    private void filter(double alpha) {
        kt = alpha * ktTarget + (1 - alpha) * kt;
        kr = alpha * krTarget + (1 - alpha) * kr;
        kns = alpha * knsTarget + (1 - alpha) * kns;
        for (int i = 0; i < 3; i++) {
            positionD[i] = alpha * positionTarget[i] + (1 - alpha) * positionD[i];
        }
        Quaternions.slerp(orientationD, orientationTarget, alpha);
    }

    double translationalStiffness() {
        return kt;
    }

    double rotationalStiffness() {
        return kr;
    }

    double nullspaceStiffness() {
        return kns;
    }

    /** The equilibrium in force: x, y, z, qx, qy, qz, qw into {@code out[7]}. */
    void equilibrium(double[] out) {
        System.arraycopy(positionD, 0, out, 0, 3);
        System.arraycopy(orientationD, 0, out, 3, 4);
    }

    /** The last cycle's pose error (x, y, z, rx, ry, rz) into {@code out[6]}. */
    void error(double[] out) {
        System.arraycopy(error, 0, out, 0, 6);
    }
}
