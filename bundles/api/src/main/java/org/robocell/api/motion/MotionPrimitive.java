package org.robocell.api.motion;

import java.util.List;

/**
 * One motion primitive, as {@code control_msgs/MotionPrimitive}.
 *
 * @param type                {@link MotionInterfaces#LINEAR_JOINT} (needs joint positions),
 *                            {@link MotionInterfaces#LINEAR_CARTESIAN} (needs a goal pose) or
 *                            {@link MotionInterfaces#CIRCULAR_CARTESIAN} (needs exactly two poses: the goal, then the
 *                            via point)
 * @param jointPositions      the goal joint positions of a LINEAR_JOINT, in the robot's joint order
 * @param poses               the goal pose first, then (CIRCULAR_CARTESIAN) the via pose
 * @param blendRadius         radius (m) about the goal inside which the motion blends into the next primitive of the
 *                            sequence; 0 for an exact stop
 * @param additionalArguments {@code velocity}, {@code acceleration} (scalings of the limits, in (0, 1]) and
 *                            {@code move_time} (s; above 0 it overrides the scalings)
 */
public record MotionPrimitive(int type, double[] jointPositions, List<MotionPose> poses, double blendRadius,
        List<MotionArgument> additionalArguments) {

    public MotionPrimitive {
        jointPositions = jointPositions == null ? new double[0] : jointPositions.clone();
        poses = poses == null ? List.of() : List.copyOf(poses);
        additionalArguments = additionalArguments == null ? List.of() : List.copyOf(additionalArguments);
    }

    @Override
    public double[] jointPositions() {
        return jointPositions.clone();
    }

    /** A LINEAR_JOINT (PTP) to joint positions. */
    public static MotionPrimitive ptp(double[] joints, double blendRadius, MotionArgument... arguments) {
        return new MotionPrimitive(MotionInterfaces.LINEAR_JOINT, joints, List.of(), blendRadius, List.of(arguments));
    }

    /** A LINEAR_CARTESIAN (LIN) to a pose. */
    public static MotionPrimitive lin(MotionPose goal, double blendRadius, MotionArgument... arguments) {
        return new MotionPrimitive(MotionInterfaces.LINEAR_CARTESIAN, null, List.of(goal), blendRadius,
                List.of(arguments));
    }

    /** A CIRCULAR_CARTESIAN (CIRC) through a via pose to a goal. */
    public static MotionPrimitive circ(MotionPose via, MotionPose goal, double blendRadius,
            MotionArgument... arguments) {
        return new MotionPrimitive(MotionInterfaces.CIRCULAR_CARTESIAN, null, List.of(goal, via), blendRadius,
                List.of(arguments));
    }
}
