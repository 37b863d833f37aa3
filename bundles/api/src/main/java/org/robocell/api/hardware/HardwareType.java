package org.robocell.api.hardware;

/** The {@code type} attribute of a {@code <ros2_control>} tag. */
public enum HardwareType {
    SYSTEM("system"),
    ACTUATOR("actuator"),
    SENSOR("sensor");

    private final String urdfName;

    HardwareType(String urdfName) {
        this.urdfName = urdfName;
    }

    public String urdfName() {
        return urdfName;
    }

    public static HardwareType fromUrdf(String name) {
        for (HardwareType t : values()) {
            if (t.urdfName.equalsIgnoreCase(name)) {
                return t;
            }
        }
        return null;
    }

    @Override
    public String toString() {
        return urdfName;
    }
}
