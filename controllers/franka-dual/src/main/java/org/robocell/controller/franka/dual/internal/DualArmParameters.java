package org.robocell.controller.franka.dual.internal;

import java.util.List;

import org.robocell.api.controller.ParameterException;
import org.robocell.api.controller.ParameterNames;
import org.robocell.api.controller.Parameters;

/**
 * The controller's parameters, named as franka_ros's {@code dual_arm_cartesian_impedance_example_controller} and its
 * {@code dual_arm_compliance_param.cfg} name them ({@code left.arm_id}, {@code left.joint_names},
 * {@code left_translational_stiffness}, ...), plus the optional {@code right_base_in_left_base}: the right arm's base
 * (its {@code link0}) in the left arm's base frame, x y z roll pitch yaw as a URDF origin; without it
 * ({@code rightBaseInLeftBase} null) the controller reads the placement from the robot's description
 * ({@link BasePlacement}), as franka_ros reads it from tf ({@code <left arm_id>_link0} → {@code <right arm_id>_link0}).
 *
 * @param deltaTauMax the torque rate limit, Nm per cycle (franka_ros's {@code delta_tau_max_} = 1.0: the FR3's 1000
 *                    Nm/s at 1 kHz)
 */
record DualArmParameters(String leftArmId, List<String> leftJoints, String rightArmId, List<String> rightJoints,
        double[] rightBaseInLeftBase, ImpedanceGains left, ImpedanceGains right) {

    static final String LEFT_ARM_ID = "left.arm_id", LEFT_JOINTS = "left.joint_names";
    static final String RIGHT_ARM_ID = "right.arm_id", RIGHT_JOINTS = "right.joint_names";
    static final String BASE = "right_base_in_left_base";
    static final String DELTA_TAU_MAX = "delta_tau_max";
    /** franka_ros {@code dual_arm_compliance_param.cfg}'s defaults: 200 N/m, 10 Nm/rad, nullspace 0.5 (per arm). */
    static final double TRANSLATIONAL = 200, ROTATIONAL = 10, NULLSPACE = 0.5, DELTA_TAU = 1.0;
    /** The ranges of dual_arm_compliance_param.cfg: translational 0..400, rotational 0..30, nullspace 0..100. */
    static final double MAX_TRANSLATIONAL = 400, MAX_ROTATIONAL = 30, MAX_NULLSPACE = 100;

    /** The stiffness parameters, which may change while the controller runs. */
    static final List<String> LIVE = List.of("left_translational_stiffness", "left_rotational_stiffness",
            "left_nullspace_stiffness", "right_translational_stiffness", "right_rotational_stiffness",
            "right_nullspace_stiffness", DELTA_TAU_MAX);

    static final ParameterNames NAMES = ParameterNames.of(LEFT_ARM_ID, LEFT_JOINTS, RIGHT_ARM_ID, RIGHT_JOINTS, BASE)
            .and(LIVE.toArray(new String[0]));

    /** Reads and checks {@code p}; a ParameterException names the first bad key and what was expected. */
    static DualArmParameters read(Parameters p) {
        String leftArm = armId(p, LEFT_ARM_ID);
        String rightArm = armId(p, RIGHT_ARM_ID);
        if (leftArm.equals(rightArm)) {
            throw new ParameterException(RIGHT_ARM_ID, "parameter '" + RIGHT_ARM_ID + "' must name another arm than '"
                    + LEFT_ARM_ID + "', both are '" + leftArm + "'");
        }
        List<String> left = joints(p, LEFT_JOINTS);
        List<String> right = joints(p, RIGHT_JOINTS);
        for (String j : right) {
            if (left.contains(j)) {
                throw new ParameterException(RIGHT_JOINTS, "parameter '" + RIGHT_JOINTS + "' names joint '" + j
                        + "', which '" + LEFT_JOINTS + "' names too");
            }
        }
        double delta = bounded(p, DELTA_TAU_MAX, DELTA_TAU, 1e-3, 1.0);
        if (!p.has(BASE)) {
            // from the robot's description, as franka_ros takes it from tf
            return new DualArmParameters(leftArm, left, rightArm, right, null, gains(p, "left", delta),
                    gains(p, "right", delta));
        }
        double[] base = p.getDoubleArray(BASE);
        if (base.length != 6) {
            throw new ParameterException(BASE, "parameter '" + BASE + "' must have 6 values [x, y, z, roll, pitch,"
                    + " yaw], got " + base.length);
        }
        for (int i = 0; i < 6; i++) {
            if (!Double.isFinite(base[i])) {
                throw new ParameterException(BASE, "parameter '" + BASE + "' value " + (i + 1) + " must be a finite"
                        + " number, got " + base[i]);
            }
        }
        return new DualArmParameters(leftArm, left, rightArm, right, base, gains(p, "left", delta),
                gains(p, "right", delta));
    }

    private static ImpedanceGains gains(Parameters p, String arm, double delta) {
        return new ImpedanceGains(bounded(p, arm + "_translational_stiffness", TRANSLATIONAL, 0, MAX_TRANSLATIONAL),
                bounded(p, arm + "_rotational_stiffness", ROTATIONAL, 0, MAX_ROTATIONAL),
                bounded(p, arm + "_nullspace_stiffness", NULLSPACE, 0, MAX_NULLSPACE), delta);
    }

    private static double bounded(Parameters p, String key, double fallback, double min, double max) {
        double v = p.getDouble(key, fallback);
        if (!(v >= min && v <= max)) {
            throw new ParameterException(key, "parameter '" + key + "' must be within [" + min + ", " + max
                    + "], got " + v);
        }
        return v;
    }

    private static String armId(Parameters p, String key) {
        String v = p.getString(key, "");
        if (v.isBlank()) {
            throw new ParameterException(key, "parameter '" + key + "' is required: the arm's arm_id (the prefix of"
                    + " its state interfaces, e.g. fr3_left)");
        }
        return v;
    }

    private static List<String> joints(Parameters p, String key) {
        List<String> v = p.getStringList(key, List.of());
        if (v.size() != 7 || v.stream().distinct().count() != 7) {
            throw new ParameterException(key, "parameter '" + key + "' must name the arm's 7 joints, each once, got "
                    + v);
        }
        return List.copyOf(v);
    }
}
