package org.robocell.driver.franka.protocol;

/**
 * The numeric fields of {@code research_interface::robot::RobotState} in declaration order (= wire order), each
 * with libfranka's name and its number of values. Doubles in protocol 7, float32 in protocol 10; the
 * accelerometers exist only in 10. Matrices are column-major 4x4 as in libfranka.
 */
public enum StateField {
    O_T_EE("O_T_EE", 16), O_T_EE_D("O_T_EE_d", 16), F_T_EE("F_T_EE", 16), EE_T_K("EE_T_K", 16),
    F_T_NE("F_T_NE", 16), NE_T_EE("NE_T_EE", 16),
    M_EE("m_ee", 1), I_EE("I_ee", 9), F_X_CEE("F_x_Cee", 3),
    M_LOAD("m_load", 1), I_LOAD("I_load", 9), F_X_CLOAD("F_x_Cload", 3),
    ELBOW("elbow", 2), ELBOW_D("elbow_d", 2),
    TAU_J("tau_J", 7), TAU_J_D("tau_J_d", 7), DTAU_J("dtau_J", 7), Q("q", 7), Q_D("q_d", 7), DQ("dq", 7),
    DQ_D("dq_d", 7), DDQ_D("ddq_d", 7), JOINT_CONTACT("joint_contact", 7),
    CARTESIAN_CONTACT("cartesian_contact", 6), JOINT_COLLISION("joint_collision", 7),
    CARTESIAN_COLLISION("cartesian_collision", 6),
    TAU_EXT_HAT_FILTERED("tau_ext_hat_filtered", 7), O_F_EXT_HAT_K("O_F_ext_hat_K", 6),
    K_F_EXT_HAT_K("K_F_ext_hat_K", 6),
    O_DP_EE_D("O_dP_EE_d", 6), O_DDP_O("O_ddP_O", 3),
    ELBOW_C("elbow_c", 2), DELBOW_C("delbow_c", 2), DDELBOW_C("ddelbow_c", 2),
    O_T_EE_C("O_T_EE_c", 16), O_DP_EE_C("O_dP_EE_c", 6), O_DDP_EE_C("O_ddP_EE_c", 6),
    THETA("theta", 7), DTHETA("dtheta", 7),
    /** Protocol 10 only: six accelerometers (x, y, z) on the top of the links. */
    ACCELEROMETER_TOP("accelerometer_top", 18),
    /** Protocol 10 only: six accelerometers (x, y, z) on the bottom of the links. */
    ACCELEROMETER_BOTTOM("accelerometer_bottom", 18);

    private final String wireName;
    private final int count;

    StateField(String wireName, int count) {
        this.wireName = wireName;
        this.count = count;
    }

    /** libfranka's name of the field. */
    public String wireName() {
        return wireName;
    }

    /** How many values the field holds. */
    public int count() {
        return count;
    }

    /** Whether {@code version}'s RobotState carries this field. */
    public boolean presentIn(ProtocolVersion version) {
        return version.floatState() || (this != ACCELEROMETER_TOP && this != ACCELEROMETER_BOTTOM);
    }
}
