package org.robocell.api.motion;

import java.util.List;

/**
 * The interface contract between a controller that forwards motion primitives and the hardware (or executor) that runs
 * them: interface names {@code <tf_prefix>motion_primitive/<field>}, their order, and the values written as doubles.
 */
public final class MotionInterfaces {

    /** The interfaces' common prefix after {@code tf_prefix}. */
    public static final String PREFIX = "motion_primitive";

    /** The 25 command interfaces, in the order the forward controller claims them. */
    public static final List<String> COMMANDS = List.of("motion_type", "q1", "q2", "q3", "q4", "q5", "q6", "pos_x",
            "pos_y", "pos_z", "pos_qx", "pos_qy", "pos_qz", "pos_qw", "pos_via_x", "pos_via_y", "pos_via_z",
            "pos_via_qx", "pos_via_qy", "pos_via_qz", "pos_via_qw", "blend_radius", "velocity", "acceleration",
            "move_time");

    /** The two state interfaces, in order. */
    public static final List<String> STATES = List.of("execution_status", "ready_for_new_primitive");

    /** Indices into {@link #COMMANDS}. */
    public static final int MOTION_TYPE = 0;
    public static final int Q1 = 1;
    public static final int JOINTS = 6;
    public static final int POS_X = 7;
    public static final int POS_VIA_X = 14;
    public static final int BLEND_RADIUS = 21;
    public static final int VELOCITY = 22;
    public static final int ACCELERATION = 23;
    public static final int MOVE_TIME = 24;

    /** Motion types ({@code control_msgs/MotionPrimitive}). */
    public static final int LINEAR_JOINT = 0;
    public static final int LINEAR_CARTESIAN = 50;
    public static final int CIRCULAR_CARTESIAN = 51;

    /** Helper types ({@code MotionHelperType}) written into {@code motion_type}. */
    public static final int STOP_MOTION = 66;
    public static final int RESET_STOP = 67;
    public static final int MOTION_SEQUENCE_START = 100;
    public static final int MOTION_SEQUENCE_END = 101;

    /** {@code ready_for_new_primitive} values. */
    public static final int NOT_READY = 0;
    public static final int READY = 1;

    /** The additional argument names that map to interfaces. */
    public static final List<String> ARGUMENTS = List.of("velocity", "acceleration", "move_time");

    private MotionInterfaces() {
    }

    /** The full names of the command interfaces for {@code tfPrefix}, in order. */
    public static List<String> commandNames(String tfPrefix) {
        return COMMANDS.stream().map(f -> tfPrefix + PREFIX + "/" + f).toList();
    }

    /** The full names of the state interfaces for {@code tfPrefix}, in order. */
    public static List<String> stateNames(String tfPrefix) {
        return STATES.stream().map(f -> tfPrefix + PREFIX + "/" + f).toList();
    }
}
