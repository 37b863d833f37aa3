package org.robocell.driver.franka.control;

/**
 * The command fields a shaper checks, with the names libfranka uses for them: in the command ({@code q_c}, ...),
 * in the robot state the shaper compares against ({@code q_d}, ...), and in the rate limiter's error text.
 */
public enum CommandField {
    /** Joint torques of the torque interface. */
    TAU_J_D("tau_J_d", "tau_J_d", "Commanding value"),
    /** Joint positions of the joint position interface. */
    Q_C("q_c", "q_d", "commanded_positions"),
    /** Joint velocities of the joint velocity interface. */
    DQ_C("dq_c", "dq_d", "commanded_velocities"),
    /** The end-effector pose of the Cartesian pose interface (column-major 4x4). */
    O_T_EE_C("O_T_EE_c", "O_T_EE_c", "O_T_EE_c"),
    /** The end-effector twist of the Cartesian velocity interface. */
    O_DP_EE_C("O_dP_EE_c", "O_dP_EE_c", "O_dP_EE_c"),
    /** The elbow (joint 3's angle, sign of joint 4) of the Cartesian interfaces. */
    ELBOW_C("elbow_c", "elbow_c", "commanded_position");

    private final String commandName;
    private final String stateName;
    private final String limiterName;

    CommandField(String commandName, String stateName, String limiterName) {
        this.commandName = commandName;
        this.stateName = stateName;
        this.limiterName = limiterName;
    }

    /** The field's name in libfranka's {@code MotionGeneratorCommand} / {@code ControllerCommand}. */
    public String commandName() {
        return commandName;
    }

    /** The robot-state field the command is filtered and limited against. */
    public String stateName() {
        return stateName;
    }

    /** How libfranka's rate limiter names the value in its "is infinite or NaN." error. */
    public String limiterName() {
        return limiterName;
    }
}
