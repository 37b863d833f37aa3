package org.robocell.driver.franka.protocol;

/**
 * The robot's 41 error and reflex flags ({@code research_interface::robot::Error}, the index into RobotState's
 * {@code errors} and {@code reflex_reason}) in libfranka's order, with the names {@code franka::Errors} prints.
 */
public enum FrankaError {
    JOINT_POSITION_LIMITS_VIOLATION("joint_position_limits_violation"),
    CARTESIAN_POSITION_LIMITS_VIOLATION("cartesian_position_limits_violation"),
    SELFCOLLISION_AVOIDANCE_VIOLATION("self_collision_avoidance_violation"),
    JOINT_VELOCITY_VIOLATION("joint_velocity_violation"),
    CARTESIAN_VELOCITY_VIOLATION("cartesian_velocity_violation"),
    FORCE_CONTROL_SAFETY_VIOLATION("force_control_safety_violation"),
    JOINT_REFLEX("joint_reflex"),
    CARTESIAN_REFLEX("cartesian_reflex"),
    MAX_GOAL_POSE_DEVIATION_VIOLATION("max_goal_pose_deviation_violation"),
    MAX_PATH_POSE_DEVIATION_VIOLATION("max_path_pose_deviation_violation"),
    CARTESIAN_VELOCITY_PROFILE_SAFETY_VIOLATION("cartesian_velocity_profile_safety_violation"),
    JOINT_POSITION_MOTION_GENERATOR_START_POSE_INVALID("joint_position_motion_generator_start_pose_invalid"),
    JOINT_MOTION_GENERATOR_POSITION_LIMITS_VIOLATION("joint_motion_generator_position_limits_violation"),
    JOINT_MOTION_GENERATOR_VELOCITY_LIMITS_VIOLATION("joint_motion_generator_velocity_limits_violation"),
    JOINT_MOTION_GENERATOR_VELOCITY_DISCONTINUITY("joint_motion_generator_velocity_discontinuity"),
    JOINT_MOTION_GENERATOR_ACCELERATION_DISCONTINUITY("joint_motion_generator_acceleration_discontinuity"),
    CARTESIAN_POSITION_MOTION_GENERATOR_START_POSE_INVALID("cartesian_position_motion_generator_start_pose_invalid"),
    CARTESIAN_MOTION_GENERATOR_ELBOW_LIMIT_VIOLATION("cartesian_motion_generator_elbow_limit_violation"),
    CARTESIAN_MOTION_GENERATOR_VELOCITY_LIMITS_VIOLATION("cartesian_motion_generator_velocity_limits_violation"),
    CARTESIAN_MOTION_GENERATOR_VELOCITY_DISCONTINUITY("cartesian_motion_generator_velocity_discontinuity"),
    CARTESIAN_MOTION_GENERATOR_ACCELERATION_DISCONTINUITY("cartesian_motion_generator_acceleration_discontinuity"),
    CARTESIAN_MOTION_GENERATOR_ELBOW_SIGN_INCONSISTENT("cartesian_motion_generator_elbow_sign_inconsistent"),
    CARTESIAN_MOTION_GENERATOR_START_ELBOW_INVALID("cartesian_motion_generator_start_elbow_invalid"),
    FORCE_CONTROLLER_DESIRED_FORCE_TOLERANCE_VIOLATION("force_controller_desired_force_tolerance_violation"),
    START_ELBOW_SIGN_INCONSISTENT("start_elbow_sign_inconsistent"),
    COMMUNICATION_CONSTRAINTS_VIOLATION("communication_constraints_violation"),
    POWER_LIMIT_VIOLATION("power_limit_violation"),
    CARTESIAN_MOTION_GENERATOR_JOINT_POSITION_LIMITS_VIOLATION("cartesian_motion_generator_joint_position_limits_violation"),
    CARTESIAN_MOTION_GENERATOR_JOINT_VELOCITY_LIMITS_VIOLATION("cartesian_motion_generator_joint_velocity_limits_violation"),
    CARTESIAN_MOTION_GENERATOR_JOINT_VELOCITY_DISCONTINUITY("cartesian_motion_generator_joint_velocity_discontinuity"),
    CARTESIAN_MOTION_GENERATOR_JOINT_ACCELERATION_DISCONTINUITY("cartesian_motion_generator_joint_acceleration_discontinuity"),
    CARTESIAN_POSITION_MOTION_GENERATOR_INVALID_FRAME("cartesian_position_motion_generator_invalid_frame_flag"),
    CONTROLLER_TORQUE_DISCONTINUITY("controller_torque_discontinuity"),
    JOINT_P2P_INSUFFICIENT_TORQUE_FOR_PLANNING("joint_p2p_insufficient_torque_for_planning"),
    TAU_J_RANGE_VIOLATION("tau_J_range_violation"),
    INSTABILITY_DETECTION("instability_detected"),
    JOINT_MOVE_IN_WRONG_DIRECTION("joint_move_in_wrong_direction"),
    CARTESIAN_SPLINE_VIOLATION("cartesian_spline_motion_generator_violation"),
    JOINT_VIA_PLAN_LIMIT_VIOLATION("joint_via_motion_generator_planning_joint_limit_violation"),
    BASE_ACCELERATION_INITIALIZATION_TIMEOUT("base_acceleration_initialization_timeout"),
    BASE_ACCELERATION_INVALID_READING("base_acceleration_invalid_reading");

    /** Number of flags: the length of {@code errors} and {@code reflex_reason}. */
    public static final int COUNT = 41;

    private final String libfrankaName;

    FrankaError(String libfrankaName) {
        this.libfrankaName = libfrankaName;
    }

    /** The name {@code franka::Errors} prints, e.g. {@code joint_position_limits_violation}. */
    public String libfrankaName() {
        return libfrankaName;
    }

    /** The flags set in {@code flags}, printed as libfranka prints {@code franka::Errors}: ["a", "b"]. */
    public static String describe(boolean[] flags) {
        StringBuilder b = new StringBuilder("[");
        FrankaError[] all = values();
        for (int i = 0; i < COUNT && i < flags.length; i++) {
            if (flags[i]) {
                b.append(b.length() > 1 ? ", " : "").append('"').append(all[i].libfrankaName).append('"');
            }
        }
        return b.append(']').toString();
    }
}
