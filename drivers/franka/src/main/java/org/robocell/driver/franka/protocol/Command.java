package org.robocell.driver.franka.protocol;

/**
 * The robot's TCP commands ({@code research_interface::robot::Command}, a uint32 on the wire). Ids 0–10 are the
 * same in protocol 7 and 10; id 11 is {@link #LOAD_MODEL_LIBRARY} in 7 and {@link #GET_ROBOT_MODEL} in 10.
 */
public enum Command {
    CONNECT, MOVE, STOP_MOVE, SET_COLLISION_BEHAVIOR, SET_JOINT_IMPEDANCE, SET_CARTESIAN_IMPEDANCE,
    SET_GUIDING_MODE, SET_EE_TO_K, SET_NE_TO_EE, SET_LOAD, AUTOMATIC_ERROR_RECOVERY,
    /** Protocol 7 only: download of the proprietary model library. */
    LOAD_MODEL_LIBRARY,
    /** Protocol 10 only: the robot's URDF. */
    GET_ROBOT_MODEL;

    private static final Command[] VALUES = values();

    /** The wire id of this command in {@code version}, or -1 when that version has no such command. */
    public int id(ProtocolVersion version) {
        if (this == LOAD_MODEL_LIBRARY) {
            return version == ProtocolVersion.V7 ? 11 : -1;
        }
        if (this == GET_ROBOT_MODEL) {
            return version == ProtocolVersion.V10 ? 11 : -1;
        }
        return ordinal();
    }

    /**
     * The command with wire id {@code id} in {@code version}.
     *
     * @throws FciProtocolException naming the id when the version has no such command
     */
    public static Command of(long id, ProtocolVersion version) {
        if (id >= 0 && id <= 10) {
            return VALUES[(int) id];
        }
        if (id == 11) {
            return version == ProtocolVersion.V7 ? LOAD_MODEL_LIBRARY : GET_ROBOT_MODEL;
        }
        throw new FciProtocolException("command header: command=" + id + " is not a command of " + version
                + " (expected 0..11)");
    }

    /** The status codes of this command's response. */
    public StatusCode[] statuses() {
        return switch (this) {
            case CONNECT -> ConnectStatus.values();
            case MOVE -> MoveStatus.values();
            case STOP_MOVE -> StopMoveStatus.values();
            case SET_COLLISION_BEHAVIOR, SET_JOINT_IMPEDANCE, SET_CARTESIAN_IMPEDANCE, SET_GUIDING_MODE,
                    SET_EE_TO_K, SET_NE_TO_EE, SET_LOAD -> SetterStatus.values();
            case AUTOMATIC_ERROR_RECOVERY -> ErrorRecoveryStatus.values();
            case LOAD_MODEL_LIBRARY -> ModelLibraryStatus.values();
            case GET_ROBOT_MODEL -> BasicStatus.values();
        };
    }

    /** libfranka's name of the command ({@code kSetLoad} → "SetLoad"). */
    public String wireName() {
        StringBuilder b = new StringBuilder();
        for (String part : name().split("_")) {
            b.append(part.charAt(0)).append(part.substring(1).toLowerCase(java.util.Locale.ROOT));
        }
        return b.toString().replace("EeToK", "EEToK").replace("NeToEe", "NEToEE");
    }
}
