package org.robocell.controller.franka.impedance.internal;

import java.util.List;

import org.robocell.api.controller.CommandHandle;
import org.robocell.api.controller.Loans;

/**
 * The seven {@code effort} commands of a Franka arm and what may be sent on them: franka_ros's
 * {@code saturateTorqueRate} (franka_example_controllers/src/cartesian_impedance_example_controller.cpp,
 * joint_impedance_example_controller.cpp: the command moves at most {@code delta_tau_max} Nm per cycle from the
 * robot's {@code tau_J_d}, 1.0 there, the FR3's 1000 Nm/s at 1 kHz), then the FR3's torque limits
 * ({@link #TAU_MAX}). A cycle whose inputs are not finite commands zero instead (the robot still compensates
 * gravity), approached at the same rate from the last command sent, and is counted. Allocation-free.
 */
final class TorqueOutput {

    /** The FR3's joint torque limits, Nm (Franka's FR3 datasheet; franka_description's fr3 joint limits). */
    static final double[] TAU_MAX = { 87, 87, 87, 87, 12, 12, 12 };

    private final CommandHandle[] commands = new CommandHandle[FrankaArm.JOINTS];
    private final double[] sent = new double[FrankaArm.JOINTS];
    private long nonFiniteCycles;

    /** Takes the claimed commands, in {@code names}' order; the last command starts at zero (the driver's start). */
    void bind(Loans loans, List<String> names) {
        for (int i = 0; i < commands.length; i++) {
            commands[i] = loans.command(names.get(i));
            sent[i] = 0.0;
        }
    }

    void release() {
        java.util.Arrays.fill(commands, null);
    }

    /**
     * Sends {@code tauD} saturated against {@code tauJD} (the robot's last desired torque; the last command sent
     * where it is not finite). {@code tauD} is overwritten with what was sent.
     */
    void send(double[] tauD, double[] tauJD, double deltaTauMax) {
        for (int i = 0; i < commands.length; i++) {
            double reference = Double.isFinite(tauJD[i]) ? tauJD[i] : sent[i];
            double difference = tauD[i] - reference;
            double saturated = reference + Math.max(Math.min(difference, deltaTauMax), -deltaTauMax);
            tauD[i] = Math.max(Math.min(saturated, TAU_MAX[i]), -TAU_MAX[i]);
            sent[i] = tauD[i];
            commands[i].set(tauD[i]);
        }
    }

    /** A cycle with an input that is not finite: towards zero at {@code deltaTauMax} per cycle; counted. */
    void hold(double deltaTauMax) {
        nonFiniteCycles++;
        for (int i = 0; i < commands.length; i++) {
            double next = sent[i] - Math.max(Math.min(sent[i], deltaTauMax), -deltaTauMax);
            sent[i] = Double.isFinite(next) ? next : 0.0;
            commands[i].set(sent[i]);
        }
    }

    /** Zero torque on every joint, unsaturated (gravity compensation: the robot adds gravity itself). */
    void sendZero() {
        for (int i = 0; i < commands.length; i++) {
            sent[i] = 0.0;
            commands[i].set(0.0);
        }
    }

    double sent(int joint) {
        return sent[joint];
    }

    /** Cycles held for an input that was not finite, since the controller was created. */
    long nonFiniteCycles() {
        return nonFiniteCycles;
    }
}
