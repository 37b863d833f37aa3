package org.robocell.api.hardware;

import java.util.List;
import java.util.Map;

/**
 * A {@code <joint>}, {@code <sensor>} or {@code <gpio>} of a {@code <ros2_control>} block, with its interfaces.
 * Full interface names are {@code <name>/<interface>}.
 */
public record ComponentInfo(String name, ComponentKind kind, List<InterfaceInfo> commandInterfaces,
        List<InterfaceInfo> stateInterfaces, Map<String, String> parameters) {

    /**
     * Parameters of a joint that mimics another in the URDF: position = multiplier * position(joint) + offset.
     * Hardware that simulates joints (the mock) reads them; real hardware measures mimic joints itself.
     */
    public static final String MIMIC_JOINT = "mimic.joint";
    public static final String MIMIC_MULTIPLIER = "mimic.multiplier";
    public static final String MIMIC_OFFSET = "mimic.offset";

    public ComponentInfo {
        commandInterfaces = List.copyOf(commandInterfaces);
        stateInterfaces = List.copyOf(stateInterfaces);
        parameters = parameters == null ? Map.of() : Map.copyOf(parameters);
    }

    public String fullName(InterfaceInfo iface) {
        return name + "/" + iface.name();
    }
}
