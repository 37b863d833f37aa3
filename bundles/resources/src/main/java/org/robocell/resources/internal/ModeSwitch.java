package org.robocell.resources.internal;

import java.util.ArrayList;
import java.util.List;

import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.api.lifecycle.ReturnType;

/**
 * A command mode switch prepared off the loop ({@link #prepare}): the components involved with their own start and
 * stop lists, ready for {@link #perform()} at the cycle boundary.
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

    /**
     * ros2_control's {@code prepare_command_mode_switch}, off the loop: each ACTUATOR/SYSTEM component of
     * {@code resources} is asked with only its own interfaces and only when it has some to switch. A component that
     * would get interfaces to start must be ACTIVE (or INACTIVE when
     * {@link ResourceManager#allowActivationOnInactiveHardware()}); one that is neither INACTIVE nor ACTIVE fails the
     * switch.
     *
     * @throws ResourceException naming the component and why, when the switch is rejected
     */
    static ModeSwitch prepare(ResourceManager resources, List<String> start, List<String> stop) {
        List<ManagedHardware> involved = new ArrayList<>();
        List<List<String>> starts = new ArrayList<>();
        List<List<String>> stops = new ArrayList<>();
        for (ManagedHardware hw : resources.hardware()) {
            if (hw.isSensor()) {
                continue;
            }
            List<String> s = filter(hw, start);
            List<String> t = filter(hw, stop);
            if (s.isEmpty() && t.isEmpty()) {
                continue;
            }
            LifecycleState state = hw.state();
            if (state != LifecycleState.ACTIVE && state != LifecycleState.INACTIVE) {
                throw new ResourceException("hardware component '" + hw.name() + "' is " + state);
            }
            if (!s.isEmpty() && state == LifecycleState.INACTIVE && !resources.allowActivationOnInactiveHardware()) {
                throw new ResourceException("hardware component '" + hw.name()
                        + "' is inactive; controllers are activated on inactive hardware only when the cell allows it");
            }
            ReturnType r;
            try {
                r = hw.component().prepareCommandModeSwitch(s, t);
            } catch (RuntimeException e) {
                throw new ResourceException("hardware component '" + hw.name() + "' threw " + e);
            }
            if (r != ReturnType.OK) {
                throw new ResourceException("hardware component '" + hw.name() + "' answered " + r + " for start "
                        + s + " stop " + t);
            }
            involved.add(hw);
            starts.add(s);
            stops.add(t);
        }
        return new ModeSwitch(involved.toArray(new ManagedHardware[0]), starts, stops);
    }

    /** The names in {@code names} that are command interfaces of {@code hw}, in its order. */
    private static List<String> filter(ManagedHardware hw, List<String> names) {
        List<String> out = new ArrayList<>();
        for (InterfaceEntry e : hw.commandInterfaces()) {
            if (names.contains(e.name())) {
                out.add(e.name());
            }
        }
        return List.copyOf(out);
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
                        != ReturnType.OK) {
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
