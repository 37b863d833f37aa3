package org.robocell.controller.franka.examples.internal;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.robocell.controller.testkit.ControllerRig;

/**
 * The testkit's seven-joint robot (joints {@code joint1} … {@code joint7}, at 100 Hz) with what the Franka driver adds
 * for the examples: the robot's time {@code fr3/time} (advanced by {@link #step()}), {@code fr3/O_T_EE_*} and
 * {@code fr3/elbow_*}, and the Cartesian pose, velocity and elbow command gpios.
 */
final class FrankaArmRig {

    static final List<String> JOINTS = List.of("joint1", "joint2", "joint3", "joint4", "joint5", "joint6", "joint7");
    static final double[] READY = MoveToStartSettings.READY;
    /** The ready pose's O_T_EE (column-major) as the emulator reports it: flange down, TCP at (0.3069, 0, 0.4869). */
    static final double[] READY_O_T_EE = { 1, 0, 0, 0, 0, -1, 0, 0, 0, 0, -1, 0, 0.306891, 0, 0.486882, 1 };

    final ControllerRig rig = ControllerRig.sevenJointRobot();
    private final int time;
    private final int[] pose = new int[16];
    private final int[] elbow = new int[2];

    FrankaArmRig() {
        time = rig.table().addState("fr3/time", 100.0);
        for (int i = 0; i < 16; i++) {
            pose[i] = rig.table().addState("fr3/O_T_EE_" + i, READY_O_T_EE[i]);
            rig.table().addCommand(i + "/cartesian_pose_command");
        }
        for (String v : List.of("vx", "vy", "vz", "wx", "wy", "wz")) {
            rig.table().addCommand(v + "/cartesian_velocity");
        }
        elbow[0] = rig.table().addState("fr3/elbow_0", 0.0);
        elbow[1] = rig.table().addState("fr3/elbow_1", -1.0);
        rig.table().addCommand("joint_3_position/elbow_command");
        rig.table().addCommand("joint_4_sign/elbow_command");
        for (int j = 0; j < 7; j++) {
            rig.robot().setPosition(j, READY[j]);
        }
    }

    /** The parameters every example takes on this rig. */
    static Map<String, Object> params(Object... more) {
        Map<String, Object> p = new HashMap<>();
        p.put("joints", JOINTS);
        for (int i = 0; i < more.length; i += 2) {
            p.put((String) more[i], more[i + 1]);
        }
        return p;
    }

    /** One cycle; the robot's time advances by the period first, as the driver's read does. */
    void step() {
        rig.table().slots().set(time, robotTime() + rig.period());
        rig.step();
    }

    void steps(int n) {
        for (int i = 0; i < n; i++) {
            step();
        }
    }

    double robotTime() {
        return rig.table().slots().get(time);
    }

    void setRobotTime(double t) {
        rig.table().slots().set(time, t);
    }

    void setPose(int i, double v) {
        rig.table().slots().set(pose[i], v);
    }

    void setElbow(int i, double v) {
        rig.table().slots().set(elbow[i], v);
    }

    double command(String name) {
        return rig.table().commandValue(name);
    }
}
