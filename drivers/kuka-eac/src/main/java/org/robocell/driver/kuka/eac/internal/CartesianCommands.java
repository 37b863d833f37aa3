package org.robocell.driver.kuka.eac.internal;

import org.robocell.api.hardware.CommandInterfaceHandle;
import org.robocell.api.hardware.StateInterfaceHandle;
import org.robocell.driver.kuka.cartesian.CartesianCheck;
import org.robocell.driver.kuka.cartesian.FlangeKinematics;
import org.robocell.driver.kuka.eac.model.IisyKinematics;
import org.robocell.driver.kuka.eac.protocol.ControlMode;

/**
 * The Cartesian side of the EAC component: the measured flange pose computed from the measured joints, the command
 * interfaces of the Cartesian modes and what the next control signal carries of them. Every restart (activation, a
 * mode switch) takes the measured pose as the commanded one, no twist, and the impedance the interfaces hold (or
 * the defaults). Commands that the {@link CartesianCheck} refuses are held with their {@link HeldReason}. Used on the
 * loop: allocates nothing.
 */
final class CartesianCommands {

    /** kuka_drivers' {@code HW_IF_CART_PREFIX}, as the FRI driver names its pose interfaces */
    static final String PREFIX = "dummy_cart_joint/";
    /** the pose: {@code dummy_cart_joint/<axis>/position}, mm and a unit quaternion */
    static final String[] POSE_AXES = { "x", "y", "z", "qw", "qx", "qy", "qz" };
    /** the twist: {@code dummy_cart_joint/<axis>/velocity}, mm/s and rad/s about the base frame's axes */
    static final String[] TWIST_AXES = { "x", "y", "z", "rx", "ry", "rz" };
    /** the impedance: {@code dummy_cart_joint/<axis>/stiffness} and {@code .../damping}, the SDK's order xyzabc */
    static final String[] IMPEDANCE_AXES = { "x", "y", "z", "a", "b", "c" };
    /** N/m for x, y, z; Nm/rad for a, b, c */
    static final double[] DEFAULT_STIFFNESS = { 2000, 2000, 2000, 200, 200, 200 };
    static final double DEFAULT_DAMPING = 0.7;

    final StateInterfaceHandle[] measuredPoseState = new StateInterfaceHandle[7];
    final CommandInterfaceHandle[] poseCommand = new CommandInterfaceHandle[7];
    final CommandInterfaceHandle[] twistCommand = new CommandInterfaceHandle[6];
    final CommandInterfaceHandle[] stiffnessCommand = new CommandInterfaceHandle[6];
    final CommandInterfaceHandle[] dampingCommand = new CommandInterfaceHandle[6];

    /** what the next control signal carries */
    final double[] sendPose = new double[7];
    final double[] sendTwist = new double[6];
    final double[] sendStiffness = new double[6];
    final double[] sendDamping = new double[6];
    final double[] measuredPose = new double[7];

    private final double[] pose = new double[7];
    private final double[] twist = new double[6];
    private final CartesianCheck check;
    private final double cycleSeconds;
    private FlangeKinematics kinematics;

    CartesianCommands(double maxVelocity, double maxAngularVelocity, double cycleSeconds) {
        this.check = new CartesianCheck(IisyKinematics.REACH, maxVelocity, maxAngularVelocity);
        this.cycleSeconds = cycleSeconds;
    }

    /** The model is built on first use, off the loop (activation), and kept. */
    void prepare() {
        if (kinematics == null) {
            kinematics = IisyKinematics.create();
        }
    }

    /** The measured pose from measured joint positions, published on the state interfaces. */
    void measure(double[] jointPositions) {
        kinematics.pose(jointPositions, measuredPose);
        for (int k = 0; k < 7; k++) {
            measuredPoseState[k].set(measuredPose[k]);
        }
    }

    /** Commands := the measured pose (call {@link #measure} first), no twist; the impedance the interfaces hold. */
    void restartFromMeasured() {
        for (int k = 0; k < 7; k++) {
            sendPose[k] = measuredPose[k];
            poseCommand[k].set(measuredPose[k]);
        }
        for (int k = 0; k < 6; k++) {
            sendTwist[k] = 0;
            twistCommand[k].set(0);
            double s = stiffnessCommand[k].get();
            double d = dampingCommand[k].get();
            sendStiffness[k] = Double.isFinite(s) && s >= 0 ? s : DEFAULT_STIFFNESS[k];
            sendDamping[k] = Double.isFinite(d) && d >= 0 && d <= 1 ? d : DEFAULT_DAMPING;
            stiffnessCommand[k].set(sendStiffness[k]);
            dampingCommand[k].set(sendDamping[k]);
        }
    }

    /**
     * Takes the commands of {@code mode} into what is sent next.
     *
     * @return NONE when everything was taken, else why something was held
     */
    HeldReason take(ControlMode mode) {
        HeldReason held = HeldReason.NONE;
        if (mode == ControlMode.CARTESIAN_POSITION || mode == ControlMode.CARTESIAN_IMPEDANCE) {
            for (int k = 0; k < 7; k++) {
                pose[k] = poseCommand[k].get();
            }
            held = HeldReason.of(check.checkPose(pose, sendPose, cycleSeconds));
            if (held == HeldReason.NONE) {
                System.arraycopy(pose, 0, sendPose, 0, 7);
            }
        }
        if (mode == ControlMode.CARTESIAN_IMPEDANCE) {
            for (int k = 0; k < 6; k++) {
                double s = stiffnessCommand[k].get();
                double d = dampingCommand[k].get();
                if (!Double.isFinite(s) || !Double.isFinite(d)) {
                    held = HeldReason.NOT_FINITE;
                } else if (s < 0 || d < 0 || d > 1) {
                    held = HeldReason.NEGATIVE_IMPEDANCE;
                } else {
                    sendStiffness[k] = s;
                    sendDamping[k] = d;
                }
            }
        }
        if (mode == ControlMode.CARTESIAN_VELOCITY) {
            for (int k = 0; k < 6; k++) {
                twist[k] = twistCommand[k].get();
            }
            held = HeldReason.of(check.checkTwist(twist));
            if (held == HeldReason.NONE) {
                System.arraycopy(twist, 0, sendTwist, 0, 6);
            } else {
                // a velocity is not held: the flange stops
                java.util.Arrays.fill(sendTwist, 0);
            }
        }
        return held;
    }
}
