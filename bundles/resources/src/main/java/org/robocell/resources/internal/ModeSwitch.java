package org.robocell.resources.internal;

import java.util.List;

/**
 * A command mode switch prepared off the loop: the components involved with their own start and stop lists, ready
 * for {@link #perform()} at the cycle boundary.
 */
public final class ModeSwitch {

    public static final ModeSwitch NONE = new ModeSwitch(new ManagedHardware[0], List.of(), List.of());

    private final ManagedHardware[] components;
    private final List<String>[] starts;
    private final List<String>[] stops;

    @SuppressWarnings("unchecked")
    ModeSwitch(ManagedHardware[] components, List<List<String>> starts, List<List<String>> stops) {
        this.components = components;
        this.starts = starts.toArray(new List[0]);
        this.stops = stops.toArray(new List[0]);
    }

    public boolean isEmpty() {
        return components.length == 0;
    }

    /**
     * Real time: {@code performCommandModeSwitch} on each component. Stops at the first that does not answer OK.
     *
     * @return the index of the component that failed, or -1
     */
    public int perform() {
        for (int i = 0; i < components.length; i++) {
            try {
                if (components[i].component().performCommandModeSwitch(starts[i], stops[i])
                        != org.robocell.api.lifecycle.ReturnType.OK) {
                    return i;
                }
            } catch (Throwable t) {
                return i;
            }
        }
        return -1;
    }

    /** Real time: the reverse switch (starts and stops exchanged), for a rollback. Failures are ignored. */
    public void performReverse() {
        for (int i = 0; i < components.length; i++) {
            try {
                components[i].component().performCommandModeSwitch(stops[i], starts[i]);
            } catch (Throwable t) {
                // a rollback must reach every component
            }
        }
    }

    public String componentName(int index) {
        return components[index].name();
    }
}
