package org.robocell.driver.franka.gripper.protocol;

/**
 * The answer to Homing, Grasp, Move and Stop ({@code CommandBase::Status}, uint16). libfranka's {@code Gripper}
 * returns true for SUCCESS, false for UNSUCCESSFUL (a grasp that found nothing in its epsilon band) and throws
 * "Command failed!" for FAIL and "Command aborted!" for ABORTED (libfranka {@code src/gripper.cpp}).
 */
public enum GripperStatus {
    SUCCESS("kSuccess"),
    FAIL("kFail"),
    UNSUCCESSFUL("kUnsuccessful"),
    ABORTED("kAborted");

    private static final GripperStatus[] BY_CODE = values();

    private final String wireName;

    GripperStatus(String wireName) {
        this.wireName = wireName;
    }

    public int code() {
        return ordinal();
    }

    public String wireName() {
        return wireName;
    }

    /** @throws GripperProtocolException naming the value when it is none of the four */
    public static GripperStatus of(int code) {
        if (code < 0 || code >= BY_CODE.length) {
            throw new GripperProtocolException("response: status=" + code + " is not a gripper status (0..3)");
        }
        return BY_CODE[code];
    }
}
