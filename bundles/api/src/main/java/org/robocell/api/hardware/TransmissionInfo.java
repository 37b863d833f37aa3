package org.robocell.api.hardware;

import java.util.List;
import java.util.Map;

/**
 * A {@code <transmission>} of a {@code <ros2_control>} block, as ros2_control's component parser reads it: the
 * mechanical link between the component's actuators and its joints.
 *
 * <pre>{@code
 * <transmission name="transmission1">
 *   <plugin>transmission_interface/SimpleTransmission</plugin>
 *   <actuator name="actuator1" role="actuator1"/>
 *   <joint name="joint1" role="joint1">
 *     <mechanical_reduction>2.0</mechanical_reduction>
 *     <offset>0.0</offset>
 *   </joint>
 * </transmission>
 * }</pre>
 *
 * @param name       the transmission's name
 * @param plugin     its type, e.g. {@code transmission_interface/SimpleTransmission}
 * @param joints     in file order
 * @param actuators  in file order
 * @param parameters its {@code <param>} values
 * @since 2.1
 */
public record TransmissionInfo(String name, String plugin, List<Side> joints, List<Side> actuators,
        Map<String, String> parameters) {

    /**
     * One joint or actuator of a transmission.
     *
     * @param name                its name (a joint of the component, or an actuator's own name)
     * @param role                its role, e.g. {@code joint1}; may be empty
     * @param mechanicalReduction {@code <mechanical_reduction>}, 1 when absent
     * @param offset              {@code <offset>}, 0 when absent
     */
    public record Side(String name, String role, double mechanicalReduction, double offset) {
    }

    public TransmissionInfo {
        joints = List.copyOf(joints);
        actuators = List.copyOf(actuators);
        parameters = parameters == null ? Map.of() : Map.copyOf(parameters);
    }
}
