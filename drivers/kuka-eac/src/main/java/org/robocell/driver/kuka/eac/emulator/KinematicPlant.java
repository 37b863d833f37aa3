package org.robocell.driver.kuka.eac.emulator;

import org.robocell.driver.kuka.eac.protocol.ControlMode;

/**
 * The emulated arm: joint positions that follow the commands of the current mode within the joints' speed limits.
 * Kinematic, not dynamic: in joint position and joint impedance control the joints move towards the commanded
 * positions (at most their speed limit per cycle), in the Cartesian modes towards the joint positions of the
 * commanded pose ({@link CartesianFollower}; impedance as position), in joint velocity control they move at the commanded speed, in
 * joint torque and wrench control they hold where they are (joint torque control reports the commanded torques as
 * measured). A lost cycle keeps
 * the last command (the controller extrapolates).
 */
final class KinematicPlant {

    final double[] positions = new double[LbrIisy3R760.JOINTS];
    final double[] velocities = new double[LbrIisy3R760.JOINTS];
    final double[] torques = new double[LbrIisy3R760.JOINTS];
    private final double[] target = new double[LbrIisy3R760.JOINTS];
    private final double[] speed = new double[LbrIisy3R760.JOINTS];

    KinematicPlant(double[] start) {
        System.arraycopy(start, 0, positions, 0, positions.length);
        hold();
    }

    /** Stops where it is: targets are the current positions. */
    void hold() {
        System.arraycopy(positions, 0, target, 0, target.length);
        java.util.Arrays.fill(speed, 0);
    }

    void commandPositions(double[] command) {
        System.arraycopy(command, 0, target, 0, target.length);
    }

    void commandVelocities(double[] command) {
        System.arraycopy(command, 0, speed, 0, speed.length);
    }

    void commandTorques(double[] command) {
        System.arraycopy(command, 0, torques, 0, torques.length);
    }

    /** One cycle of {@code dt} seconds in this mode. */
    void step(ControlMode mode, double dt) {
        for (int j = 0; j < positions.length; j++) {
            double max = LbrIisy3R760.maxVelocity(j) * dt;
            double before = positions[j];
            double next = switch (mode) {
                // the Cartesian modes: towards the joints the inverse kinematics found for the pose
                case JOINT_POSITION, JOINT_IMPEDANCE, CARTESIAN_POSITION, CARTESIAN_IMPEDANCE, CARTESIAN_VELOCITY ->
                    before + clamp(target[j] - before, -max, max);
                case JOINT_VELOCITY -> before + clamp(speed[j] * dt, -max, max);
                default -> before;
            };
            next = clamp(next, LbrIisy3R760.lower(j), LbrIisy3R760.upper(j));
            positions[j] = next;
            velocities[j] = dt > 0 ? (next - before) / dt : 0;
            if (mode != ControlMode.JOINT_TORQUE) {
                torques[j] = 0;
            }
        }
    }

    private static double clamp(double v, double lo, double hi) {
        return Math.max(lo, Math.min(hi, v));
    }
}
