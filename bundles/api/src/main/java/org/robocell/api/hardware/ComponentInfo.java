package org.robocell.api.hardware;

import java.util.List;
import java.util.Map;

/**
 * A {@code <joint>}, {@code <sensor>} or {@code <gpio>} of a {@code <ros2_control>} block, with its interfaces.
 * Full interface names are {@code <name>/<interface>}.
 */
public record ComponentInfo(String name, ComponentKind kind, List<InterfaceInfo> commandInterfaces,
        List<InterfaceInfo> stateInterfaces, Map<String, String> parameters) {

    public ComponentInfo {
        commandInterfaces = List.copyOf(commandInterfaces);
        stateInterfaces = List.copyOf(stateInterfaces);
        parameters = parameters == null ? Map.of() : Map.copyOf(parameters);
    }

    public String fullName(InterfaceInfo iface) {
        return name + "/" + iface.name();
    }
}
