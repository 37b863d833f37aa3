package org.robocell.cell.internal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.robocell.api.cell.HardwareSnapshot;
import org.robocell.api.cell.InterfaceSnapshot;
import org.robocell.api.hardware.ComponentInfo;
import org.robocell.api.hardware.HardwareInfo;
import org.robocell.api.hardware.InterfaceInfo;

/**
 * Where a robot's joints were when their driver went away. A driver bundle that is updated or restarted comes back
 * to a robot that has not moved: its component starts with the states measured last (as their initial values), not
 * with the URDF's start values, so that a simulated robot (the mock) does not jump back to them and the controllers
 * that take over again hold the position the robot is in.
 */
final class LastMeasured {

    private final Map<String, Map<String, Double>> states = new HashMap<>();

    /** Remembers the finite state values of a component that is about to go. */
    void remember(HardwareSnapshot component) {
        Map<String, Double> values = new HashMap<>();
        for (InterfaceSnapshot s : component.stateInterfaces()) {
            if (Double.isFinite(s.value())) {
                values.put(s.name(), s.value());
            }
        }
        states.put(component.name(), values);
    }

    /** The description of a component coming back, its states starting where they were; as it is otherwise. */
    HardwareInfo resume(HardwareInfo info) {
        Map<String, Double> values = states.remove(info.name());
        if (values == null || values.isEmpty()) {
            return info;
        }
        return new HardwareInfo(info.name(), info.type(), info.plugin(), info.parameters(), resume(info.joints(), values),
                resume(info.sensors(), values), resume(info.gpios(), values), info.rwRate(), info.group(),
                info.transmissions());
    }

    private static List<ComponentInfo> resume(List<ComponentInfo> components, Map<String, Double> values) {
        List<ComponentInfo> out = new ArrayList<>();
        for (ComponentInfo c : components) {
            List<InterfaceInfo> resumed = new ArrayList<>();
            for (InterfaceInfo i : c.stateInterfaces()) {
                Double v = values.get(c.fullName(i));
                resumed.add(v == null ? i : new InterfaceInfo(i.name(), i.dataType(), i.min(), i.max(), v,
                        i.limitsEnabled(), i.parameters()));
            }
            out.add(new ComponentInfo(c.name(), c.kind(), c.commandInterfaces(), resumed, c.parameters(), c.limits(),
                    c.softLimits()));
        }
        return out;
    }
}
