package org.robocell.controller.motion.internal;

import java.util.ArrayList;
import java.util.List;

import org.robocell.api.motion.MotionArgument;
import org.robocell.api.motion.MotionInterfaces;
import org.robocell.api.motion.MotionPose;
import org.robocell.api.motion.MotionPrimitive;
import org.robocell.motion.CartesianPose;
import org.robocell.motion.MotionParameters;
import org.robocell.motion.Primitive;

/** Turns primitives, as interface rows or as goal messages, into the planner's primitives. Off the loop. */
final class RowDecoder {

    private RowDecoder() {
    }

    /** The primitives of {@code count} rows of the 25 command values; {@code dof} joints. */
    static List<Primitive> fromRows(double[][] rows, int count, int dof) {
        List<Primitive> out = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            double[] r = rows[i];
            int type = (int) Math.round(r[MotionInterfaces.MOTION_TYPE]);
            MotionParameters mp = new MotionParameters(r[MotionInterfaces.VELOCITY], r[MotionInterfaces.ACCELERATION],
                    r[MotionInterfaces.MOVE_TIME], Double.isNaN(r[MotionInterfaces.BLEND_RADIUS]) ? 0.0
                            : r[MotionInterfaces.BLEND_RADIUS]);
            out.add(switch (type) {
                case MotionInterfaces.LINEAR_JOINT -> {
                    if (dof > MotionInterfaces.JOINTS) {
                        throw new IllegalArgumentException("primitive " + i + " is a LINEAR_JOINT: the"
                                + " motion_primitive interfaces carry 6 joints (q1..q6), this robot has " + dof
                                + "; send it to the executor's own motion_sequence instead");
                    }
                    double[] q = new double[dof];
                    for (int j = 0; j < dof; j++) {
                        q[j] = r[MotionInterfaces.Q1 + j];
                        if (!Double.isFinite(q[j])) {
                            throw new IllegalArgumentException("primitive " + i + " is a LINEAR_JOINT without a value"
                                    + " for q" + (j + 1) + " (the robot has " + dof + " joints)");
                        }
                    }
                    yield new Primitive.Ptp(q, mp);
                }
                case MotionInterfaces.LINEAR_CARTESIAN -> new Primitive.Lin(pose(r, MotionInterfaces.POS_X, i), mp);
                case MotionInterfaces.CIRCULAR_CARTESIAN -> Primitive.Circ.via(pose(r, MotionInterfaces.POS_VIA_X, i),
                        pose(r, MotionInterfaces.POS_X, i), mp);
                default -> throw new IllegalArgumentException("primitive " + i + " has unknown motion_type " + type);
            });
        }
        return out;
    }

    private static CartesianPose pose(double[] r, int at, int i) {
        try {
            return new CartesianPose(r[at], r[at + 1], r[at + 2], r[at + 3], r[at + 4], r[at + 5], r[at + 6]);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("primitive " + i + ": " + e.getMessage());
        }
    }

    /** The planner's primitives of a goal already checked by {@link PrimitiveRows#invalid}. */
    static List<Primitive> fromGoal(List<MotionPrimitive> motions) {
        List<Primitive> out = new ArrayList<>(motions.size());
        for (MotionPrimitive m : motions) {
            double velocity = Double.NaN;
            double acceleration = Double.NaN;
            double moveTime = Double.NaN;
            for (MotionArgument a : m.additionalArguments()) {
                switch (a.name()) {
                    case "velocity" -> velocity = a.value();
                    case "acceleration" -> acceleration = a.value();
                    default -> moveTime = a.value();
                }
            }
            MotionParameters mp = new MotionParameters(velocity, acceleration, moveTime, m.blendRadius());
            out.add(switch (m.type()) {
                case MotionInterfaces.LINEAR_JOINT -> new Primitive.Ptp(m.jointPositions(), mp);
                case MotionInterfaces.LINEAR_CARTESIAN -> new Primitive.Lin(pose(m.poses().get(0)), mp);
                default -> Primitive.Circ.via(pose(m.poses().get(1)), pose(m.poses().get(0)), mp);
            });
        }
        return out;
    }

    private static CartesianPose pose(MotionPose p) {
        return new CartesianPose(p.x(), p.y(), p.z(), p.qx(), p.qy(), p.qz(), p.qw());
    }
}
