package org.robocell.controller.franka.dual.internal;

import java.util.EnumSet;
import java.util.List;

import org.robocell.api.controller.CommandHandle;
import org.robocell.api.controller.Loans;
import org.robocell.controller.franka.semantic.FrankaModelFrame;
import org.robocell.controller.franka.semantic.FrankaRobotModel;
import org.robocell.controller.franka.semantic.FrankaRobotState;
import org.robocell.controller.franka.semantic.FrankaSemanticComponent;
import org.robocell.controller.franka.semantic.FrankaStateField;
import org.robocell.controller.franka.semantic.Quaternions;

/**
 * One arm under Cartesian impedance, as franka_ros's {@code dual_arm_cartesian_impedance_example_controller.cpp}
 * ({@code updateArm}) computes it for each arm:
 *
 * <pre>
 * τ_task = Jᵀ (−K e − D J q̇)                       e = (p − p_d, rotation vector of R·R_dᵀ), D = 2√K
 * τ_ns   = (I − Jᵀ Jᵀ⁺) (k_ns (q_ns − q) − 2√k_ns q̇)  Jᵀ⁺ damped (λ = 0.2, franka_example_controllers' pseudo_inversion.h)
 * τ_d    = τ_task + τ_ns + coriolis, then saturateTorqueRate against τ_J_d (δτ_max per cycle)
 * </pre>
 *
 * J is the zero Jacobian of the end effector, read with the state and the Coriolis torques through
 * franka_semantic_components' {@link FrankaRobotState} and {@link FrankaRobotModel}. The robot adds gravity itself
 * (FCI torque control). The update allocates nothing: every array is made here once.
 */
final class ArmImpedance {

    /** libfranka's {@code tau_J_max} of the FR3, Nm (franka_description's joint limits). */
    static final double[] EFFORT_LIMITS = { 87, 87, 87, 87, 12, 12, 12 };
    /** Damping of the Jacobian's pseudo-inverse (pseudo_inversion.h's {@code lambda_ = 0.2}), squared. */
    private static final double LAMBDA_SQUARED = 0.2 * 0.2;

    private final String armId;
    private final List<String> efforts;
    private final FrankaRobotState state;
    private final FrankaRobotModel model;
    private final CommandHandle[] commands = new CommandHandle[7];

    final double[] q = new double[7];
    final double[] dq = new double[7];
    final double[] pose = new double[16];
    private final double[] tauJD = new double[7];
    private final double[] coriolis = new double[7];
    private final double[] jacobian = new double[42];
    /** The nullspace's equilibrium: the joint positions at activation. */
    final double[] qNullspace = new double[7];
    /** The last torque sent, held when an input is not finite. */
    final double[] lastCommand = new double[7];

    private final double[] orientation = new double[4];
    private final double[] error = new double[6];
    private final double[] wrench = new double[6];
    private final double[] tau = new double[7];
    private final double[] nullspace = new double[7];
    private final double[] y = new double[6];
    private final double[] a = new double[36];

    ArmImpedance(String armId, List<String> joints) {
        this.armId = armId;
        this.efforts = joints.stream().map(j -> j + "/effort").toList();
        this.state = new FrankaRobotState(armId,
                EnumSet.of(FrankaStateField.Q, FrankaStateField.DQ, FrankaStateField.TAU_J_D, FrankaStateField.O_T_EE));
        this.model = new FrankaRobotModel(armId, EnumSet.of(FrankaModelFrame.END_EFFECTOR));
    }

    String armId() {
        return armId;
    }

    List<String> commandInterfaces() {
        return efforts;
    }

    List<String> stateInterfaces() {
        return FrankaSemanticComponent.interfaceNames(state, model);
    }

    /** At activation; throws MissingStateInterfaceException naming a missing state interface. */
    void bind(Loans loans) {
        for (int i = 0; i < 7; i++) {
            commands[i] = loans.command(efforts.get(i));
        }
        state.bind(loans);
        model.bind(loans);
    }

    void release() {
        state.release();
        model.release();
    }

    /** Reads q, q̇, τ_J_d, O_T_EE, Coriolis and the Jacobian; false when any of them is not finite. */
    boolean read() {
        boolean ok = state.q(q);
        ok &= state.dq(dq);
        ok &= state.tauJD(tauJD);
        ok &= state.O_T_EE(pose);
        ok &= model.coriolis(coriolis);
        ok &= model.zeroJacobian(FrankaModelFrame.END_EFFECTOR, jacobian);
        return ok;
    }

    /**
     * The torque towards the equilibrium pose {@code equilibrium} (4x4) with {@code gains}, written to the arm's
     * effort commands; false (nothing computed, the last command held) when the result is not finite.
     */
    boolean command(double[] equilibrium, double[] equilibriumOrientation, ImpedanceGains gains) {
        error[0] = pose[12] - equilibrium[12];
        error[1] = pose[13] - equilibrium[13];
        error[2] = pose[14] - equilibrium[14];
        Quaternions.fromTransform(pose, orientation);
        Quaternions.rotationVectorError(orientation, equilibriumOrientation, error, 3);
        // F = −K e − D J q̇
        for (int r = 0; r < 6; r++) {
            double v = 0;
            for (int c = 0; c < 7; c++) {
                v += jacobian[c * 6 + r] * dq[c];
            }
            double k = r < 3 ? gains.translational() : gains.rotational();
            wrench[r] = -k * error[r] - 2 * Math.sqrt(k) * v;
        }
        double kNs = gains.nullspace();
        for (int c = 0; c < 7; c++) {
            double t = 0;
            for (int r = 0; r < 6; r++) {
                t += jacobian[c * 6 + r] * wrench[r];
            }
            tau[c] = t;
            nullspace[c] = kNs * (qNullspace[c] - q[c]) - 2 * Math.sqrt(kNs) * dq[c];
        }
        projectOntoNullspace();
        boolean finite = true;
        double delta = gains.deltaTauMax();
        for (int i = 0; i < 7; i++) {
            double desired = tau[i] + nullspace[i] + coriolis[i];
            // saturateTorqueRate: at most δτ_max away from the torque the robot was last commanded
            double d = Math.max(-delta, Math.min(delta, desired - tauJD[i]));
            double t = Math.max(-EFFORT_LIMITS[i], Math.min(EFFORT_LIMITS[i], tauJD[i] + d));
            tau[i] = t;
            finite &= Double.isFinite(t);
        }
        if (!finite) {
            hold();
            return false;
        }
        for (int i = 0; i < 7; i++) {
            lastCommand[i] = tau[i];
            commands[i].set(tau[i]);
        }
        return true;
    }

    /** Sends the last good torque again. */
    void hold() {
        for (int i = 0; i < 7; i++) {
            commands[i].set(lastCommand[i]);
        }
    }

    /**
     * nullspace ← (I − Jᵀ Jᵀ⁺) nullspace with the damped pseudo-inverse Jᵀ⁺ = (J Jᵀ + λ² I)⁻¹ J: as
     * nullspace − Jᵀ (J Jᵀ + λ² I)⁻¹ (J nullspace), one 6x6 Cholesky solve.
     */
    private void projectOntoNullspace() {
        for (int r = 0; r < 6; r++) {
            double s = 0;
            for (int c = 0; c < 7; c++) {
                s += jacobian[c * 6 + r] * nullspace[c];
            }
            y[r] = s;
            for (int k = 0; k <= r; k++) {
                double m = 0;
                for (int c = 0; c < 7; c++) {
                    m += jacobian[c * 6 + r] * jacobian[c * 6 + k];
                }
                if (k == r) {
                    m += LAMBDA_SQUARED;
                }
                a[r * 6 + k] = m;
            }
        }
        // Cholesky A = L Lᵀ in the lower triangle (A is symmetric positive definite: λ² > 0)
        for (int j = 0; j < 6; j++) {
            double d = a[j * 6 + j];
            for (int k = 0; k < j; k++) {
                d -= a[j * 6 + k] * a[j * 6 + k];
            }
            d = Math.sqrt(d);
            a[j * 6 + j] = d;
            for (int i = j + 1; i < 6; i++) {
                double s = a[i * 6 + j];
                for (int k = 0; k < j; k++) {
                    s -= a[i * 6 + k] * a[j * 6 + k];
                }
                a[i * 6 + j] = s / d;
            }
        }
        for (int i = 0; i < 6; i++) {
            double s = y[i];
            for (int k = 0; k < i; k++) {
                s -= a[i * 6 + k] * y[k];
            }
            y[i] = s / a[i * 6 + i];
        }
        for (int i = 5; i >= 0; i--) {
            double s = y[i];
            for (int k = i + 1; k < 6; k++) {
                s -= a[k * 6 + i] * y[k];
            }
            y[i] = s / a[i * 6 + i];
        }
        for (int c = 0; c < 7; c++) {
            double s = 0;
            for (int r = 0; r < 6; r++) {
                s += jacobian[c * 6 + r] * y[r];
            }
            nullspace[c] -= s;
        }
    }
}
