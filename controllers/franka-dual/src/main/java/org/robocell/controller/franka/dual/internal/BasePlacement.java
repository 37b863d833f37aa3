package org.robocell.controller.franka.dual.internal;

import java.util.List;

import org.robocell.api.controller.ParameterException;
import org.robocell.api.model.Joint;
import org.robocell.api.model.JointType;
import org.robocell.api.model.Pose;
import org.robocell.api.model.RobotModel;
import org.robocell.controller.franka.semantic.Transforms;

/**
 * Where the right arm's base stands in the left arm's base frame, read from the robot's description as franka_ros
 * reads it from tf ({@code <left arm_id>_link0} → {@code <right arm_id>_link0}): the fixed joints from the
 * description's root to each base, composed. A base placed through a joint that moves (a mobile base, a rail) has no
 * fixed placement: the parameter must give it.
 */
final class BasePlacement {

    private BasePlacement() {
    }

    /** Ol_T_Or, column-major 4x4; a ParameterException on {@code right_base_in_left_base} says what is missing. */
    static double[] rightInLeft(RobotModel model, String leftArmId, String rightArmId) {
        double[] worldLeft = placement(model, leftArmId + "_link0");
        double[] worldRight = placement(model, rightArmId + "_link0");
        double[] leftWorld = new double[16];
        Transforms.invert(worldLeft, leftWorld);
        double[] out = new double[16];
        Transforms.multiply(leftWorld, worldRight, out);
        return out;
    }

    private static double[] placement(RobotModel model, String link) {
        if (model.link(link).isEmpty()) {
            throw missing("robot '" + model.name() + "' has no link '" + link + "' (the arm's arm_id + _link0)");
        }
        List<Joint> chain = model.chainTo(link);
        double[] t = new double[16];
        Transforms.fromXyzRpy(0, 0, 0, 0, 0, 0, t);
        double[] step = new double[16];
        double[] product = new double[16];
        for (Joint j : chain) {
            if (j.type() != JointType.FIXED) {
                throw missing("'" + link + "' is placed through the " + j.type().name().toLowerCase(java.util.Locale.ROOT)
                        + " joint '" + j.name() + "', so the two bases have no fixed placement");
            }
            Pose o = j.origin();
            Transforms.fromXyzRpy(o.x(), o.y(), o.z(), o.roll(), o.pitch(), o.yaw(), step);
            Transforms.multiply(t, step, product);
            System.arraycopy(product, 0, t, 0, 16);
        }
        return t;
    }

    private static ParameterException missing(String why) {
        return new ParameterException(DualArmParameters.BASE, "parameter '" + DualArmParameters.BASE + "' is not"
                + " given and the description cannot place the bases: " + why + "; give '" + DualArmParameters.BASE
                + "' as [x, y, z, roll, pitch, yaw] (m, rad) of the right base in the left base's frame");
    }
}
