package org.robocell.api.hardware;

import java.util.Map;

/**
 * One command or state interface as the {@code <ros2_control>} tag declares it ({@code <command_interface>} or
 * {@code <state_interface>}).
 *
 * @param name         the interface name without prefix, e.g. {@code position}
 * @param min          lower bound of a command (negative infinity when none)
 * @param max          upper bound of a command (positive infinity when none)
 * @param initialValue the value at start-up; NaN means "the data type's default"
 * @param parameters   every {@code <param>} of the interface, min/max/initial_value included
 */
public record InterfaceInfo(String name, DataType dataType, double min, double max, double initialValue,
        boolean limitsEnabled, Map<String, String> parameters) {

    public InterfaceInfo {
        if (name == null || name.isEmpty()) {
            throw new IllegalArgumentException("an interface needs a name");
        }
        if (dataType == null) {
            dataType = DataType.DOUBLE;
        }
        parameters = parameters == null ? Map.of() : Map.copyOf(parameters);
    }

    public static InterfaceInfo of(String name) {
        return new InterfaceInfo(name, DataType.DOUBLE, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY,
                Double.NaN, true, Map.of());
    }

    /** The value the interface starts with: the declared initial value, or the data type's default. */
    public double startValue() {
        return Double.isNaN(initialValue) ? dataType.defaultValue() : initialValue;
    }
}
