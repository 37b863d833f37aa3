package org.robocell.api.lifecycle;

/** The primary states of a managed component or controller. */
public enum LifecycleState {
    UNKNOWN("unknown"),
    UNCONFIGURED("unconfigured"),
    INACTIVE("inactive"),
    ACTIVE("active"),
    FINALIZED("finalized");

    private final String label;

    LifecycleState(String label) {
        this.label = label;
    }

    /** The lower-case label ros2 tools print and accept. */
    public String label() {
        return label;
    }

    /** The state for a label such as {@code active} (any case), or null when there is none. */
    public static LifecycleState fromLabel(String label) {
        for (LifecycleState s : values()) {
            if (s.label.equalsIgnoreCase(label)) {
                return s;
            }
        }
        return null;
    }

    @Override
    public String toString() {
        return label;
    }
}
