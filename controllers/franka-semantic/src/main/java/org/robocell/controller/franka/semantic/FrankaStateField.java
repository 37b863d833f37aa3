package org.robocell.controller.franka.semantic;

/**
 * The fields of libfranka's {@code franka::RobotState} ({@code include/franka/robot_state.h}) that
 * {@code franka_hardware/FrankaHardwareInterface} exports as {@code <arm_id>/<field>_<i>} state interfaces (a field of
 * one value without the index: {@code fr3/robot_mode}), in libfranka's layout (matrices column-major). The flags are
 * bitsets ({@code errors}, {@code reflex_reason}: bit i = libfranka's i-th error), the modes the ordinals of
 * libfranka's enums, and {@code *_total} the end effector and load combined as libfranka combines them.
 */
public enum FrankaStateField {
    Q("q", 7), DQ("dq", 7), Q_D("q_d", 7), DQ_D("dq_d", 7), DDQ_D("ddq_d", 7),
    TAU_J("tau_J", 7), TAU_J_D("tau_J_d", 7), DTAU_J("dtau_J", 7), THETA("theta", 7), DTHETA("dtheta", 7),
    TAU_EXT_HAT_FILTERED("tau_ext_hat_filtered", 7), O_F_EXT_HAT_K("O_F_ext_hat_K", 6),
    K_F_EXT_HAT_K("K_F_ext_hat_K", 6),
    O_T_EE("O_T_EE", 16), O_T_EE_D("O_T_EE_d", 16), O_T_EE_C("O_T_EE_c", 16),
    F_T_EE("F_T_EE", 16), F_T_NE("F_T_NE", 16), NE_T_EE("NE_T_EE", 16), EE_T_K("EE_T_K", 16),
    O_DP_EE_D("O_dP_EE_d", 6), O_DP_EE_C("O_dP_EE_c", 6), O_DDP_EE_C("O_ddP_EE_c", 6), O_DDP_O("O_ddP_O", 3),
    ELBOW("elbow", 2), ELBOW_D("elbow_d", 2), ELBOW_C("elbow_c", 2), DELBOW_C("delbow_c", 2),
    DDELBOW_C("ddelbow_c", 2),
    M_EE("m_ee", 1), F_X_CEE("F_x_Cee", 3), I_EE("I_ee", 9),
    M_LOAD("m_load", 1), F_X_CLOAD("F_x_Cload", 3), I_LOAD("I_load", 9),
    M_TOTAL("m_total", 1), F_X_CTOTAL("F_x_Ctotal", 3), I_TOTAL("I_total", 9),
    JOINT_CONTACT("joint_contact", 7), JOINT_COLLISION("joint_collision", 7),
    CARTESIAN_CONTACT("cartesian_contact", 6), CARTESIAN_COLLISION("cartesian_collision", 6),
    ERRORS("errors", 1), ERROR_COUNT("error_count", 1), REFLEX_REASON("reflex_reason", 1),
    REFLEX_REASON_COUNT("reflex_reason_count", 1),
    ROBOT_MODE("robot_mode", 1), MOTION_GENERATOR_MODE("motion_generator_mode", 1),
    CONTROLLER_MODE("controller_mode", 1), CONTROL_COMMAND_SUCCESS_RATE("control_command_success_rate", 1),
    TIME("time", 1);

    private final String libfrankaName;
    private final int size;

    FrankaStateField(String libfrankaName, int size) {
        this.libfrankaName = libfrankaName;
        this.size = size;
    }

    /** libfranka's name of the field, as the interface names carry it: {@code O_F_ext_hat_K}. */
    public String libfrankaName() {
        return libfrankaName;
    }

    /** How many values it has (16 for a 4x4 matrix, 1 for a scalar). */
    public int size() {
        return size;
    }

    /** The full name of value {@code index}: {@code fr3/q_3}, {@code fr3/robot_mode}. */
    public String interfaceName(String armId, int index) {
        if (index < 0 || index >= size) {
            throw new IndexOutOfBoundsException(libfrankaName + " has " + size + " values, not index " + index);
        }
        return size == 1 ? armId + "/" + libfrankaName : armId + "/" + libfrankaName + "_" + index;
    }
}
