package org.robocell.api.hardware;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One {@code <ros2_control>} block: a hardware component, the plugin that drives it and what it exposes.
 *
 * @param rwRate     read/write rate in Hz; 0 means every cycle of the loop
 * @param parameters the {@code <hardware><param>} values
 * @param group      the error-propagation group, or null
 * @param transmissions the {@code <transmission>} elements, in file order (since 2.1)
 */
public record HardwareInfo(String name, HardwareType type, String plugin, Map<String, String> parameters,
        List<ComponentInfo> joints, List<ComponentInfo> sensors, List<ComponentInfo> gpios, int rwRate, String group,
        List<TransmissionInfo> transmissions) {

    /** A component without transmissions. */
    public HardwareInfo(String name, HardwareType type, String plugin, Map<String, String> parameters,
            List<ComponentInfo> joints, List<ComponentInfo> sensors, List<ComponentInfo> gpios, int rwRate,
            String group) {
        this(name, type, plugin, parameters, joints, sensors, gpios, rwRate, group, List.of());
    }

    public HardwareInfo {
        transmissions = transmissions == null ? List.of() : List.copyOf(transmissions);
        parameters = parameters == null ? Map.of() : Map.copyOf(parameters);
        joints = List.copyOf(joints);
        sensors = List.copyOf(sensors);
        gpios = List.copyOf(gpios);
    }

    /** Joints, sensors and gpios in that order. */
    public List<ComponentInfo> allComponents() {
        List<ComponentInfo> all = new ArrayList<>(joints.size() + sensors.size() + gpios.size());
        all.addAll(joints);
        all.addAll(sensors);
        all.addAll(gpios);
        return all;
    }

    public String parameter(String key, String fallback) {
        return parameters.getOrDefault(key, fallback);
    }

    public boolean booleanParameter(String key, boolean fallback) {
        String v = parameters.get(key);
        return v == null ? fallback : Boolean.parseBoolean(v.trim());
    }

    public double doubleParameter(String key, double fallback) {
        String v = parameters.get(key);
        if (v == null) {
            return fallback;
        }
        try {
            return Double.parseDouble(v.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("hardware '" + name + "' parameter '" + key + "' must be a number, got '" + v + "'");
        }
    }
}
