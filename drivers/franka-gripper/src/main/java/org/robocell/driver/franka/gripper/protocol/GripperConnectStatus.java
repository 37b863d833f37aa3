package org.robocell.driver.franka.gripper.protocol;

/** The answer to Connect ({@code Connect::Status}, uint16). */
public enum GripperConnectStatus {
    SUCCESS("kSuccess"),
    INCOMPATIBLE_LIBRARY_VERSION("kIncompatibleLibraryVersion");

    private final String wireName;

    GripperConnectStatus(String wireName) {
        this.wireName = wireName;
    }

    public int code() {
        return ordinal();
    }

    public String wireName() {
        return wireName;
    }

    /** @throws GripperProtocolException naming the value when it is neither */
    public static GripperConnectStatus of(int code) {
        if (code == 0) {
            return SUCCESS;
        }
        if (code == 1) {
            return INCOMPATIBLE_LIBRARY_VERSION;
        }
        throw new GripperProtocolException("Connect response: status=" + code + " is not a connect status (0..1)");
    }
}
