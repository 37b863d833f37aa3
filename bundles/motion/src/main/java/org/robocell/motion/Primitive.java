package org.robocell.motion;

/**
 * One motion primitive: where to go and how. The three kinds are those of {@code control_msgs/MotionPrimitive}
 * (LINEAR_JOINT, LINEAR_CARTESIAN, CIRCULAR_CARTESIAN) and of Pilz (PTP, LIN, CIRC).
 */
public sealed interface Primitive permits Primitive.Ptp, Primitive.Lin, Primitive.Circ {

    MotionParameters parameters();

    /** The primitive's name in messages: PTP, LIN or CIRC. */
    String kind();

    /**
     * PTP: every joint moves from where it is to its goal position in the same time, on the same normalised profile,
     * so that all arrive together.
     *
     * @param joints the goal joint positions, one per planner joint in {@link MotionPlanner#jointNames()} order
     */
    record Ptp(double[] joints, MotionParameters parameters) implements Primitive {
        public Ptp {
            joints = joints.clone();
        }

        @Override
        public double[] joints() {
            return joints.clone();
        }

        @Override
        public String kind() {
            return "PTP";
        }
    }

    /** LIN: the tool moves on the straight line to the goal, its orientation on the slerp between start and goal. */
    record Lin(CartesianPose goal, MotionParameters parameters) implements Primitive {
        @Override
        public String kind() {
            return "LIN";
        }
    }

    /**
     * CIRC: the tool moves on a circular arc to the goal, either through {@code auxiliary} (a via point on the arc,
     * the arc from the start through it to the goal) or about it (the arc's centre; the shorter arc). The
     * orientation follows the slerp between start and goal; the auxiliary point's orientation is not used (as in
     * Pilz).
     */
    record Circ(CartesianPose goal, CartesianPose auxiliary, Auxiliary auxiliaryKind, MotionParameters parameters)
            implements Primitive {

        /** What the auxiliary point of a CIRC is. */
        public enum Auxiliary {
            VIA,
            CENTER
        }

        /** A CIRC through a via point. */
        public static Circ via(CartesianPose via, CartesianPose goal, MotionParameters parameters) {
            return new Circ(goal, via, Auxiliary.VIA, parameters);
        }

        /** A CIRC about a centre. */
        public static Circ center(CartesianPose center, CartesianPose goal, MotionParameters parameters) {
            return new Circ(goal, center, Auxiliary.CENTER, parameters);
        }

        @Override
        public String kind() {
            return "CIRC";
        }
    }
}
