package org.robocell.controller.franka.impedance.internal;

import java.util.ArrayList;
import java.util.List;

import org.robocell.controller.franka.semantic.FrankaModelFrame;
import org.robocell.controller.franka.semantic.FrankaRobotModel;
import org.robocell.controller.franka.semantic.FrankaRobotState;
import org.robocell.controller.franka.semantic.FrankaStateField;
import org.robocell.controller.testkit.ControllerRig;
import org.robocell.controller.testkit.InterfaceTable;
import org.robocell.controller.testkit.SimulatedRobot;
import org.robocell.driver.franka.api.FrankaFrame;
import org.robocell.driver.franka.api.FrankaModel;
import org.robocell.driver.franka.control.LowPassFilter;

/**
 * An FR3 under FCI torque control for unit tests, as the driver and the emulator make it: the seven
 * {@code fr3_joint*} effort commands go through libfranka's 100 Hz low-pass filter (the driver's default,
 * {@code drivers/franka-control} {@link LowPassFilter}) and drive the FR3's rigid-body dynamics with the Franka
 * Hand ({@link FrankaModel}: M·ddq = τ + Jᵀ·F_ext − C·dq − D·dq, the robot adding gravity as the real one does, D the
 * emulator's joint damping, implicit), integrated semi-implicitly in {@value #SUBSTEPS} steps per cycle with the
 * command held; the driver's {@code fr3/*} and {@code fr3/robot_model/*} interfaces are published from it before
 * every cycle, {@code tau_J_d} being the filtered command.
 */
final class Fr3TestPlant {

    static final double[] READY = { 0, -Math.PI / 4, 0, -3 * Math.PI / 4, 0, Math.PI / 2, Math.PI / 4 };
    static final double[] IDENTITY = { 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1 };
    /**
     * The Franka Hand as the emulator's default end effector (franka_description: 0.73 kg, TCP 0.1034 m along z,
     * turned −π/4 about z): without it the wrist's last link (1.2e-4 kg m²) is too light for upstream's d_gains
     * sampled at 1 kHz, as the real robot's rotor inertia is not modelled.
     */
    /** The emulator's joint damping (SimulatedPlant.FR3_DAMPING), Nm s/rad. */
    private static final double[] DAMPING = { 0.5, 0.5, 0.5, 0.5, 0.2, 0.2, 0.2 };
    private static final double HAND_MASS = 0.73;
    private static final double[] HAND_COM = { -0.01, 0, 0.03 };
    private static final double[] HAND_INERTIA = { 0.001, 0, 0, 0, 0.0025, 0, 0, 0, 0.0017 };
    static final double[] F_T_EE = { Math.cos(-Math.PI / 4), Math.sin(-Math.PI / 4), 0, 0,
            -Math.sin(-Math.PI / 4), Math.cos(-Math.PI / 4), 0, 0, 0, 0, 1, 0, 0, 0, 0.1034, 1 };

    final InterfaceTable table = new InterfaceTable(1200);
    final ControllerRig rig;
    final List<String> joints = new ArrayList<>();
    private final FrankaModel model = FrankaModel.fr3();
    final double[] q = READY.clone();
    final double[] dq = new double[7];
    private final double[] tauCommand = new double[7];
    private final double[] wrench = new double[6];
    private final double[] mass = new double[49];
    private final double[] coriolis = new double[7];
    private final double[] gravity = new double[7];
    private final double[] pose = new double[16];
    private final double[] jacobian = new double[42];
    private final double[] rhs = new double[7];
    private final List<String> stateNames;
    private final List<String> modelNames;
    /** Indices of q, dq, tau_J_d, O_T_EE in the state names. */
    private final int qAt, dqAt, tauJdAt, poseAt, fTEeAt, eeTkAt, modeAt;
    private boolean poisoned;

    Fr3TestPlant() {
        for (int i = 1; i <= 7; i++) {
            joints.add("fr3_joint" + i);
        }
        rig = new ControllerRig(table, new SimulatedRobot(table, joints), 1000);
        stateNames = new FrankaRobotState("fr3").interfaceNames();
        modelNames = new FrankaRobotModel("fr3").interfaceNames();
        for (String n : stateNames) {
            table.addState(n, 0.0);
        }
        for (String n : modelNames) {
            table.addState(n, 0.0);
        }
        qAt = stateNames.indexOf("fr3/q_0");
        dqAt = stateNames.indexOf("fr3/dq_0");
        tauJdAt = stateNames.indexOf("fr3/tau_J_d_0");
        poseAt = stateNames.indexOf("fr3/O_T_EE_0");
        fTEeAt = stateNames.indexOf("fr3/F_T_EE_0");
        eeTkAt = stateNames.indexOf("fr3/EE_T_K_0");
        modeAt = stateNames.indexOf(FrankaStateField.ROBOT_MODE.interfaceName("fr3", 0));
        publish();
    }

    /** The driver's read: the state and the model of (q, dq) into the interfaces. */
    void publish() {
        for (int i = 0; i < 7; i++) {
            set(stateNames.get(qAt + i), q[i]);
            set(stateNames.get(dqAt + i), dq[i]);
            set(stateNames.get(tauJdAt + i), tauCommand[i]);
        }
        for (int i = 0; i < 16; i++) {
            set(stateNames.get(fTEeAt + i), F_T_EE[i]);
            set(stateNames.get(eeTkAt + i), IDENTITY[i]);
        }
        set(stateNames.get(modeAt), 2);
        model.mass(q, HAND_INERTIA, HAND_MASS, HAND_COM, mass);
        model.coriolis(q, dq, HAND_INERTIA, HAND_MASS, HAND_COM, coriolis);
        model.gravity(q, HAND_MASS, HAND_COM, gravity);
        writeModel("mass", mass);
        writeModel("coriolis", coriolis);
        writeModel("gravity", gravity);
        for (FrankaModelFrame f : FrankaModelFrame.values()) {
            FrankaFrame frame = FrankaFrame.parse(f.libfrankaName());
            model.pose(frame, q, F_T_EE, IDENTITY, pose);
            writeModel("pose_" + f.libfrankaName(), pose);
            if (f == FrankaModelFrame.END_EFFECTOR) {
                for (int i = 0; i < 16; i++) {
                    set(stateNames.get(poseAt + i), pose[i]);
                }
            }
            model.zeroJacobian(frame, q, F_T_EE, IDENTITY, jacobian);
            writeModel("zero_jacobian_" + f.libfrankaName(), jacobian);
            model.bodyJacobian(frame, q, F_T_EE, IDENTITY, jacobian);
            writeModel("body_jacobian_" + f.libfrankaName(), jacobian);
        }
        poisoned = false;
    }

    private void writeModel(String name, double[] values) {
        for (int i = 0; i < values.length; i++) {
            set("fr3/robot_model/" + name + "_" + i, values[i]);
        }
    }

    private void set(String name, double value) {
        table.setState(name, value);
    }

    /** The environment pushes the flange with (fx, fy, fz, mx, my, mz), base frame, until changed. */
    void push(double... w) {
        System.arraycopy(w, 0, wrench, 0, 6);
    }

    /** One cycle: publish, the controllers' update, then the arm moves for one period under the commands. */
    void cycle() {
        publish();
        rig.step();
        integrate(rig.period());
    }

    void cycles(int n) {
        for (int i = 0; i < n; i++) {
            cycle();
        }
    }

    /** Substeps per cycle, the command held over them as the robot holds it over its millisecond. */
    static final int SUBSTEPS = 10;

    private void integrate(double period) {
        double gain = LowPassFilter.gain(period, LowPassFilter.DEFAULT_CUTOFF_FREQUENCY);
        for (int i = 0; i < 7; i++) {
            double c = table.commandValue(joints.get(i) + "/effort");
            tauCommand[i] = LowPassFilter.filter(gain, Double.isFinite(c) ? c : 0.0, tauCommand[i]);
        }
        for (int s = 0; s < SUBSTEPS; s++) {
            if (s > 0) {
                model.mass(q, HAND_INERTIA, HAND_MASS, HAND_COM, mass);
                model.coriolis(q, dq, HAND_INERTIA, HAND_MASS, HAND_COM, coriolis);
            }
            substep(period / SUBSTEPS);
        }
    }

    private void substep(double dt) {
        model.zeroJacobian(FrankaFrame.FLANGE, q, IDENTITY, IDENTITY, jacobian);
        for (int i = 0; i < 7; i++) {
            double ext = 0;
            for (int r = 0; r < 6; r++) {
                ext += jacobian[i * 6 + r] * wrench[r];
            }
            rhs[i] = tauCommand[i] + ext - coriolis[i] - DAMPING[i] * dq[i];
            mass[i * 8] += dt * DAMPING[i]; // implicit damping, as the emulator's simulation
        }
        solve(mass, rhs);
        for (int i = 0; i < 7; i++) {
            dq[i] += rhs[i] * dt;
            q[i] += dq[i] * dt;
        }
    }

    /** Solves M·x = b in place (Cholesky; M column-major, symmetric positive definite). */
    private static void solve(double[] m, double[] b) {
        double[] l = new double[49];
        for (int j = 0; j < 7; j++) {
            double d = m[j * 7 + j];
            for (int k = 0; k < j; k++) {
                d -= l[j * 7 + k] * l[j * 7 + k];
            }
            d = Math.sqrt(d);
            l[j * 7 + j] = d;
            for (int i = j + 1; i < 7; i++) {
                double v = m[j * 7 + i];
                for (int k = 0; k < j; k++) {
                    v -= l[i * 7 + k] * l[j * 7 + k];
                }
                l[i * 7 + j] = v / d;
            }
        }
        for (int i = 0; i < 7; i++) {
            double v = b[i];
            for (int k = 0; k < i; k++) {
                v -= l[i * 7 + k] * b[k];
            }
            b[i] = v / l[i * 7 + i];
        }
        for (int i = 6; i >= 0; i--) {
            double v = b[i];
            for (int k = i + 1; k < 7; k++) {
                v -= l[k * 7 + i] * b[k];
            }
            b[i] = v / l[i * 7 + i];
        }
    }

    /** The end effector's position (O_T_EE translation) as published. */
    double[] position() {
        return new double[] { table.stateValue("fr3/O_T_EE_12"), table.stateValue("fr3/O_T_EE_13"),
                table.stateValue("fr3/O_T_EE_14") };
    }

    /** Makes one state or model interface NaN until the next publish. */
    void poison(String name) {
        table.setState(name, Double.NaN);
        poisoned = true;
    }

    boolean poisoned() {
        return poisoned;
    }

    double effort(int joint) {
        return table.commandValue(joints.get(joint) + "/effort");
    }
}
