package org.robocell.api.hardware;

/** What a {@code <ros2_control>} child element describes. */
public enum ComponentKind {
    JOINT("joint"),
    SENSOR("sensor"),
    GPIO("gpio");

    private final String tag;

    ComponentKind(String tag) {
        this.tag = tag;
    }

    public String tag() {
        return tag;
    }

    @Override
    public String toString() {
        return tag;
    }
}
