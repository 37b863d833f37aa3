package org.robocell.controller.franka.dual.internal;

import java.util.ArrayList;
import java.util.List;

import org.robocell.controller.testkit.InterfaceTable;
import org.robocell.driver.franka.api.FrankaFrame;
import org.robocell.driver.franka.api.FrankaModel;

/**
 * Two FR3 in torque control as the controller sees them through the Franka driver's state interfaces: each arm's
 * rigid-body dynamics from libfranka's model ({@link FrankaModel}: M(q) q̈ = τ − C(q, q̇) q̇, gravity compensated by
 * the robot as in FCI torque control), integrated at 1 kHz; τ_J_d is the torque last commanded. Values go into an
 * {@link InterfaceTable} under {@code <arm_id>/...}, as the driver names them.
 */
final class TwoArmPlant {

    static final double DT = 0.001;
    static final double[] READY = { 0, -Math.PI / 4, 0, -3 * Math.PI / 4, 0, Math.PI / 2, Math.PI / 4 };
    static final double[] IDENTITY = { 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1 };
    /**
     * The motors' inertia reflected through the gears, kg m², added to M's diagonal: libfranka's model leaves it out,
     * and without it the light wrist links of a rigid-body model cannot be damped by a 1 kHz controller at all
     * (an assumption of this plant, of the order of a harmonic drive's, not a Franka figure).
     */
    static final double[] ROTOR_INERTIA = { 0.1, 0.1, 0.1, 0.1, 0.05, 0.05, 0.05 };

    final InterfaceTable table = new InterfaceTable(2048);
    final Arm left;
    final Arm right;

    TwoArmPlant(List<String> stateInterfaces) {
        left = new Arm("fr3_left", joints("fr3_left_"));
        right = new Arm("fr3_right", joints("fr3_right_"));
        for (String s : stateInterfaces) {
            table.addState(s, 0.0);
        }
        left.publish();
        right.publish();
    }

    static List<String> joints(String prefix) {
        List<String> names = new ArrayList<>();
        for (int i = 1; i <= 7; i++) {
            names.add(prefix + "joint" + i);
        }
        return List.copyOf(names);
    }

    /** One millisecond of both arms under the torques their effort commands hold. */
    void step() {
        left.step();
        right.step();
    }

    final class Arm {
        final String armId;
        final List<String> joints;
        final FrankaModel model = FrankaModel.fr3();
        final double[] q = READY.clone();
        final double[] dq = new double[7];
        /** A torque from outside (a push), Nm per joint. */
        final double[] external = new double[7];
        private final double[] tau = new double[7];
        private final double[] mass = new double[49];
        private final double[] coriolis = new double[7];
        private final double[] gravity = new double[7];
        private final double[] pose = new double[16];
        private final double[] jacobian = new double[42];
        private final double[] m = new double[56];
        private final double[] noLoad = new double[9];
        private final double[] noCom = new double[3];

        Arm(String armId, List<String> joints) {
            this.armId = armId;
            this.joints = joints;
            for (String j : joints) {
                table.addCommand(j + "/effort");
            }
        }

        void step() {
            for (int i = 0; i < 7; i++) {
                double t = table.commandValue(joints.get(i) + "/effort");
                tau[i] = Double.isFinite(t) ? t : 0.0;
            }
            model.mass(q, noLoad, 0, noCom, mass);
            model.coriolis(q, dq, noLoad, 0, noCom, coriolis);
            // solve M q̈ = τ + τ_ext − c by Gaussian elimination (M symmetric positive definite)
            for (int r = 0; r < 7; r++) {
                for (int c = 0; c < 7; c++) {
                    m[r * 8 + c] = mass[c * 7 + r];
                }
                m[r * 8 + r] += ROTOR_INERTIA[r];
                m[r * 8 + 7] = tau[r] + external[r] - coriolis[r];
            }
            for (int p = 0; p < 7; p++) {
                for (int r = p + 1; r < 7; r++) {
                    double f = m[r * 8 + p] / m[p * 8 + p];
                    for (int c = p; c < 8; c++) {
                        m[r * 8 + c] -= f * m[p * 8 + c];
                    }
                }
            }
            for (int r = 6; r >= 0; r--) {
                double s = m[r * 8 + 7];
                for (int c = r + 1; c < 7; c++) {
                    s -= m[r * 8 + c] * m[c * 8 + 7];
                }
                m[r * 8 + 7] = s / m[r * 8 + r];
            }
            for (int i = 0; i < 7; i++) {
                dq[i] += m[i * 8 + 7] * DT;
                q[i] += dq[i] * DT;
            }
            publish();
        }

        /** The state and model of (q, q̇) into the table, and τ_J_d = the torque last commanded. */
        void publish() {
            model.mass(q, noLoad, 0, noCom, mass);
            model.coriolis(q, dq, noLoad, 0, noCom, coriolis);
            model.gravity(q, 0, noCom, gravity);
            model.pose(FrankaFrame.END_EFFECTOR, q, IDENTITY, IDENTITY, pose);
            model.zeroJacobian(FrankaFrame.END_EFFECTOR, q, IDENTITY, IDENTITY, jacobian);
            for (int i = 0; i < 7; i++) {
                set("q_" + i, q[i]);
                set("dq_" + i, dq[i]);
                set("tau_J_d_" + i, tau[i]);
                set("robot_model/coriolis_" + i, coriolis[i]);
                set("robot_model/gravity_" + i, gravity[i]);
            }
            for (int i = 0; i < 16; i++) {
                set("O_T_EE_" + i, pose[i]);
                set("robot_model/pose_kEndEffector_" + i, pose[i]);
            }
            for (int i = 0; i < 42; i++) {
                set("robot_model/zero_jacobian_kEndEffector_" + i, jacobian[i]);
                set("robot_model/body_jacobian_kEndEffector_" + i, 0.0);
            }
            for (int i = 0; i < 49; i++) {
                set("robot_model/mass_" + i, mass[i]);
            }
        }

        /** The end effector's pose in the arm's base frame, 4x4 column-major. */
        double[] pose() {
            return pose.clone();
        }

        void set(String field, double value) {
            String name = armId + "/" + field;
            if (table.hasState(name)) {
                table.stateWriter(name).set(value);
            }
        }
    }
}
