package org.robocell.driver.kuka.eac.emulator;

import java.util.List;

import org.robocell.driver.kuka.eac.internal.proto.motion.CartesianImpedanceControlAttributes;
import org.robocell.driver.kuka.eac.internal.proto.motion.ControlSignalInternal;
import org.robocell.driver.kuka.eac.internal.proto.motion.Quaternion;
import org.robocell.driver.kuka.eac.internal.proto.motion.Twist;
import org.robocell.driver.kuka.eac.internal.proto.motion.Vector;
import org.robocell.driver.kuka.cartesian.FlangeKinematics;
import org.robocell.driver.kuka.eac.model.IisyKinematics;

/**
 * The emulated controller's Cartesian modes: turns the commanded flange pose ({@code cartesian_command}) or twist
 * ({@code twist_command}, integrated each cycle from the pose commanded so far) into joint targets by inverse
 * kinematics from where the arm is commanded to be (no jumps to another configuration), which the kinematic plant
 * then follows within its speed limits. Units and frame are the emulator's guess (KUKA does not document them for
 * EAC): mm and a unit quaternion in the base frame as FRI's Cartesian pose, mm/s and rad/s about the base frame's
 * axes for the twist. Not thread-safe: the emulator calls it under its lock.
 */
final class CartesianFollower {

    static final double UNIT_TOLERANCE = 1e-3;

    private final FlangeKinematics kinematics = IisyKinematics.create();
    /** the pose the arm is commanded to (x, y, z mm, qw, qx, qy, qz) and its joints */
    final double[] commandedPose = new double[7];
    final double[] jointTarget = new double[LbrIisy3R760.JOINTS];
    /** the last twist taken (vx, vy, vz mm/s, wx, wy, wz rad/s) and impedance attributes */
    final double[] twist = new double[6];
    final double[] stiffness = new double[6];
    final double[] damping = new double[6];
    private final double[] pose = new double[7];
    private final double[] solution = new double[LbrIisy3R760.JOINTS];

    /** A Cartesian mode starts where the arm stands: the measured pose, no twist. */
    void restart(double[] positions) {
        kinematics.pose(positions, commandedPose);
        System.arraycopy(positions, 0, jointTarget, 0, jointTarget.length);
        java.util.Arrays.fill(twist, 0);
    }

    /** The flange pose for these joints (x, y, z mm, qw, qx, qy, qz). */
    double[] pose(double[] positions) {
        double[] p = new double[7];
        kinematics.pose(positions, p);
        return p;
    }

    /** Takes {@code cartesian_command}: null, or why control ends. */
    String followPose(ControlSignalInternal signal, String modeName) {
        if (!signal.hasCartesianCommand()) {
            return "cartesian_command is missing in " + modeName + " control";
        }
        Vector t = signal.getCartesianCommand().getTranslation();
        Quaternion r = signal.getCartesianCommand().getRotation();
        pose[0] = t.getX();
        pose[1] = t.getY();
        pose[2] = t.getZ();
        pose[3] = r.getW();
        pose[4] = r.getX();
        pose[5] = r.getY();
        pose[6] = r.getZ();
        String[] names = { "translation.x", "translation.y", "translation.z", "rotation.w", "rotation.x", "rotation.y",
            "rotation.z" };
        for (int k = 0; k < 7; k++) {
            if (!Double.isFinite(pose[k])) {
                return "cartesian_command." + names[k] + " is " + pose[k];
            }
        }
        double norm = Math.sqrt(pose[3] * pose[3] + pose[4] * pose[4] + pose[5] * pose[5] + pose[6] * pose[6]);
        if (Math.abs(norm - 1) > UNIT_TOLERANCE) {
            return "cartesian_command.rotation is not a unit quaternion (its norm is " + norm + ")";
        }
        if (java.util.Arrays.equals(pose, commandedPose)) {
            return null;
        }
        return reach("cartesian_command");
    }

    /** Takes {@code twist_command} and moves the commanded pose by it for {@code dt} seconds: null, or why control ends. */
    String followTwist(ControlSignalInternal signal, double dt) {
        if (!signal.hasTwistCommand()) {
            return "twist_command is missing in cartesian_velocity control";
        }
        Twist tw = signal.getTwistCommand();
        double[] v = { tw.getLinear().getX(), tw.getLinear().getY(), tw.getLinear().getZ(), tw.getAngular().getX(),
            tw.getAngular().getY(), tw.getAngular().getZ() };
        for (int k = 0; k < 6; k++) {
            if (!Double.isFinite(v[k])) {
                return "twist_command." + (k < 3 ? "linear." : "angular.") + "xyz".charAt(k % 3) + " is " + v[k];
            }
        }
        System.arraycopy(v, 0, twist, 0, 6);
        System.arraycopy(commandedPose, 0, pose, 0, 7);
        pose[0] += v[0] * dt;
        pose[1] += v[1] * dt;
        pose[2] += v[2] * dt;
        // q' = exp(ω dt / 2) ⊗ q: a rotation about the base frame's axes
        double wx = v[3] * dt;
        double wy = v[4] * dt;
        double wz = v[5] * dt;
        double angle = Math.sqrt(wx * wx + wy * wy + wz * wz);
        if (angle > 0) {
            double s = Math.sin(angle / 2) / angle;
            double dw = Math.cos(angle / 2);
            double dx = wx * s;
            double dy = wy * s;
            double dz = wz * s;
            double qw = commandedPose[3];
            double qx = commandedPose[4];
            double qy = commandedPose[5];
            double qz = commandedPose[6];
            pose[3] = dw * qw - dx * qx - dy * qy - dz * qz;
            pose[4] = dw * qx + dx * qw + dy * qz - dz * qy;
            pose[5] = dw * qy - dx * qz + dy * qw + dz * qx;
            pose[6] = dw * qz + dx * qy - dy * qx + dz * qw;
        }
        if (angle == 0 && v[0] == 0 && v[1] == 0 && v[2] == 0) {
            return null;
        }
        return reach("twist_command");
    }

    /** Checks {@code cartesian_attributes} when the signal carries them: null, or why control ends. */
    String takeAttributes(ControlSignalInternal signal) {
        if (!signal.hasCartesianAttributes()) {
            return null;
        }
        CartesianImpedanceControlAttributes a = signal.getCartesianAttributes();
        String bad = six("cartesian_attributes.stiffness", a.getStiffnessList(), Double.MAX_VALUE);
        if (bad == null) {
            bad = six("cartesian_attributes.damping", a.getDampingList(), 1);
        }
        if (bad != null) {
            return bad;
        }
        for (int k = 0; k < 6; k++) {
            stiffness[k] = a.getStiffness(k);
            damping[k] = a.getDamping(k);
        }
        return null;
    }

    private static String six(String field, List<Double> values, double max) {
        if (values.size() != 6) {
            return field + " has " + values.size() + " values, expected 6 (x, y, z, a, b, c)";
        }
        for (int k = 0; k < 6; k++) {
            double x = values.get(k);
            if (!Double.isFinite(x) || x < 0 || x > max) {
                return field + "[" + k + "]=" + x + " is outside [0, " + (max == 1 ? "1" : "∞") + ")";
            }
        }
        return null;
    }

    /** IK of {@link #pose} from the joint target: it becomes the commanded pose, or the line saying why not. */
    private String reach(String field) {
        if (!IisyKinematics.REACH.contains(pose[0], pose[1], pose[2])
                || !kinematics.joints(pose, jointTarget, solution)) {
            return String.format(java.util.Locale.ROOT, "%s: the flange pose (%.1f, %.1f, %.1f) mm is out of the LBR"
                    + " iisy 3 R760's reach from its current configuration", field, pose[0], pose[1], pose[2]);
        }
        System.arraycopy(solution, 0, jointTarget, 0, jointTarget.length);
        System.arraycopy(pose, 0, commandedPose, 0, 7);
        return null;
    }
}
