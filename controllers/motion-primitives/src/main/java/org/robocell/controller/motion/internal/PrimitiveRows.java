package org.robocell.controller.motion.internal;

import java.util.List;

import org.robocell.api.motion.MotionArgument;
import org.robocell.api.motion.MotionInterfaces;
import org.robocell.api.motion.MotionPose;
import org.robocell.api.motion.MotionPrimitive;
import org.robocell.api.text.Suggestions;

/**
 * A goal's primitives as the 25 command values the forward controller writes, and the rules a goal must pass:
 * ros2_controllers' (an empty list, LINEAR_JOINT without joint positions, LINEAR_CARTESIAN without a pose,
 * CIRCULAR_CARTESIAN without exactly two poses, an unknown type) and RoboCell's (values that are not finite, more joint
 * positions than the interfaces carry, an unknown additional argument), each answered in one line.
 */
final class PrimitiveRows {

    private PrimitiveRows() {
    }

    /** Why the goal must be refused, or null. {@code maxJoints}: how many joint positions a LINEAR_JOINT may have. */
    static String invalid(List<MotionPrimitive> motions, int maxJoints) {
        if (motions == null || motions.isEmpty()) {
            return "Goal rejected: no motion primitives provided.";
        }
        for (int i = 0; i < motions.size(); i++) {
            MotionPrimitive p = motions.get(i);
            if (p == null) {
                return "Primitive " + i + " invalid: it is missing.";
            }
            String why = switch (p.type()) {
                case MotionInterfaces.LINEAR_JOINT -> p.jointPositions().length == 0
                        ? "LINEAR_JOINT requires joint_positions."
                        : p.jointPositions().length > maxJoints ? "LINEAR_JOINT has " + p.jointPositions().length
                                + " joint positions; " + (maxJoints == MotionInterfaces.JOINTS
                                        ? "the motion_primitive interfaces carry q1..q6."
                                        : "the robot has " + maxJoints + " joints.")
                                : null;
                case MotionInterfaces.LINEAR_CARTESIAN -> p.poses().isEmpty()
                        ? "LINEAR_CARTESIAN requires at least one pose." : null;
                case MotionInterfaces.CIRCULAR_CARTESIAN -> p.poses().size() != 2
                        ? "CIRCULAR_CARTESIAN requires exactly two poses." : null;
                default -> "unknown motion type " + p.type() + ".";
            };
            if (why == null) {
                why = invalidValues(p);
            }
            if (why != null) {
                return "Primitive " + i + " invalid: " + why;
            }
        }
        return null;
    }

    private static String invalidValues(MotionPrimitive p) {
        double[] q = p.jointPositions();
        for (int j = 0; j < q.length; j++) {
            if (!Double.isFinite(q[j])) {
                return "joint position " + (j + 1) + " is " + q[j] + ", not a finite number.";
            }
        }
        for (int k = 0; k < p.poses().size(); k++) {
            MotionPose pose = p.poses().get(k);
            if (pose == null) {
                return "pose " + k + " is missing.";
            }
            double[] v = pose.values();
            for (int j = 0; j < v.length; j++) {
                if (!Double.isFinite(v[j])) {
                    return "pose " + k + " " + MotionInterfaces.COMMANDS.get(MotionInterfaces.POS_X + j).substring(4)
                            + " is " + v[j] + ", not a finite number.";
                }
            }
            if (v[3] * v[3] + v[4] * v[4] + v[5] * v[5] + v[6] * v[6] < 1e-12) {
                return "pose " + k + " orientation is (0, 0, 0, 0): give a unit quaternion.";
            }
        }
        if (!(p.blendRadius() >= 0) || !Double.isFinite(p.blendRadius())) {
            return "blend_radius must be a finite number of metres >= 0, got " + p.blendRadius() + ".";
        }
        for (MotionArgument a : p.additionalArguments()) {
            if (a == null || !MotionInterfaces.ARGUMENTS.contains(a.name())) {
                String name = a == null ? "null" : a.name();
                return "unknown additional argument '" + name + "'"
                        + Suggestions.didYouMeanOrKnown(name, MotionInterfaces.ARGUMENTS) + ".";
            }
            if (Double.isNaN(a.value()) || Double.isInfinite(a.value())) {
                return "additional argument '" + a.name() + "' is " + a.value() + ", not a finite number.";
            }
        }
        return null;
    }

    /** The command values of one primitive: unused interfaces NaN, additional arguments to their interfaces. */
    static double[] row(MotionPrimitive p) {
        double[] row = nanRow();
        row[MotionInterfaces.MOTION_TYPE] = p.type();
        double[] q = p.jointPositions();
        for (int j = 0; j < q.length && j < MotionInterfaces.JOINTS; j++) {
            row[MotionInterfaces.Q1 + j] = q[j];
        }
        if (!p.poses().isEmpty()) {
            System.arraycopy(p.poses().get(0).values(), 0, row, MotionInterfaces.POS_X, 7);
            if (p.poses().size() == 2) {
                System.arraycopy(p.poses().get(1).values(), 0, row, MotionInterfaces.POS_VIA_X, 7);
            }
        }
        row[MotionInterfaces.BLEND_RADIUS] = p.blendRadius();
        for (MotionArgument a : p.additionalArguments()) {
            row[MotionInterfaces.VELOCITY + MotionInterfaces.ARGUMENTS.indexOf(a.name())] = a.value();
        }
        return row;
    }

    /** A sequence marker (or a helper type): the type, blend radius 0 (the message's default), all else NaN. */
    static double[] marker(int type) {
        double[] row = nanRow();
        row[MotionInterfaces.MOTION_TYPE] = type;
        row[MotionInterfaces.BLEND_RADIUS] = 0.0;
        return row;
    }

    static double[] nanRow() {
        double[] row = new double[MotionInterfaces.COMMANDS.size()];
        java.util.Arrays.fill(row, Double.NaN);
        return row;
    }

    static boolean isMarker(double type) {
        return type == MotionInterfaces.MOTION_SEQUENCE_START || type == MotionInterfaces.MOTION_SEQUENCE_END;
    }
}
