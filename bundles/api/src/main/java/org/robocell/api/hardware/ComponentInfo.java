package org.robocell.api.hardware;

import java.util.List;
import java.util.Map;

import org.robocell.api.model.JointLimits;
import org.robocell.api.model.SoftJointLimits;

/**
 * A {@code <joint>}, {@code <sensor>} or {@code <gpio>} of a {@code <ros2_control>} block, with its interfaces.
 * Full interface names are {@code <name>/<interface>}.
 *
 * @param limits     for a joint: the URDF {@code <limit>} merged with its command interfaces' {@code min}/{@code max}
 *                   the way ros2_control does (the most restrictive wins; {@link JointLimits#NONE} when limits are
 *                   disabled with {@code <limits enable="false"/>}); {@link JointLimits#NONE} for sensors and gpios
 * @param softLimits for a joint: the URDF {@code <safety_controller>} inside the hard position limits, or null
 */
public record ComponentInfo(String name, ComponentKind kind, List<InterfaceInfo> commandInterfaces,
        List<InterfaceInfo> stateInterfaces, Map<String, String> parameters, JointLimits limits,
        SoftJointLimits softLimits) {

    /**
     * Parameters of a joint that mimics another in the URDF: position = multiplier * position(joint) + offset.
     * Hardware that simulates joints (the mock) reads them; real hardware measures mimic joints itself.
     */
    public static final String MIMIC_JOINT = "mimic.joint";
    public static final String MIMIC_MULTIPLIER = "mimic.multiplier";
    public static final String MIMIC_OFFSET = "mimic.offset";

    /**
     * Parameter of every joint read from a URDF: the URDF joint's type ({@code revolute}, {@code continuous},
     * {@code prismatic}, ...), so a driver knows which joints are linear (m) and which rotary (rad) without a
     * parameter of its own (the RSI driver sends a linear external axis in mm).
     *
     * @since 2.2
     */
    public static final String URDF_JOINT_TYPE = "urdf.joint.type";

    public ComponentInfo {
        commandInterfaces = List.copyOf(commandInterfaces);
        stateInterfaces = List.copyOf(stateInterfaces);
        parameters = parameters == null ? Map.of() : Map.copyOf(parameters);
        limits = limits == null ? JointLimits.NONE : limits;
    }

    /** A component without joint limits (a sensor, a gpio, or a joint of a hand-built description). */
    public ComponentInfo(String name, ComponentKind kind, List<InterfaceInfo> commandInterfaces,
            List<InterfaceInfo> stateInterfaces, Map<String, String> parameters) {
        this(name, kind, commandInterfaces, stateInterfaces, parameters, JointLimits.NONE, null);
    }

    public String fullName(InterfaceInfo iface) {
        return name + "/" + iface.name();
    }

    /** The command interface of that name ({@code position}), or null. */
    public InterfaceInfo commandInterface(String interfaceName) {
        for (InterfaceInfo i : commandInterfaces) {
            if (i.name().equals(interfaceName)) {
                return i;
            }
        }
        return null;
    }
}
