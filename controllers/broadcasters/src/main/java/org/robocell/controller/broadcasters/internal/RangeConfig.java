package org.robocell.controller.broadcasters.internal;

import org.robocell.api.controller.ParameterException;
import org.robocell.api.controller.ParameterNames;
import org.robocell.api.controller.Parameters;
import org.robocell.controller.common.InterfaceNames;

/**
 * The range sensor broadcaster's parameters, named as in ros2_controllers' {@code range_sensor_broadcaster}
 * ({@code src/range_sensor_broadcaster_parameters.yaml}): {@code sensor_name} and {@code frame_id} (required),
 * {@code radiation_type} (0 ultrasound, 1 infrared, as {@code sensor_msgs/Range}; default 0), {@code field_of_view}
 * (rad, default 0.52), {@code min_range} (m, default 0.52), {@code max_range} (m, default 4.0), {@code variance}
 * (default 0.0). The numbers must be finite and {@code min_range} must not exceed {@code max_range}.
 *
 * @param interfaceName {@code <sensor_name>/range}
 */
record RangeConfig(String sensorName, String frameId, String interfaceName, int radiationType, double fieldOfView,
        double minRange, double maxRange, double variance) {

    static final ParameterNames NAMES = ParameterNames.of("sensor_name", "frame_id", "radiation_type",
            "field_of_view", "min_range", "max_range", "variance");

    /** @throws ParameterException naming the parameter */
    static RangeConfig read(Parameters p) {
        String sensor = Strings.required(p, "sensor_name");
        String frame = Strings.required(p, "frame_id");
        int radiation = p.getInt("radiation_type", 0);
        if (radiation != 0 && radiation != 1) {
            throw new ParameterException("radiation_type", "parameter 'radiation_type' must be 0 (ultrasound) or 1"
                    + " (infrared), got " + radiation);
        }
        double fov = Strings.finite(p, "field_of_view", 0.52);
        double min = Strings.finite(p, "min_range", 0.52);
        double max = Strings.finite(p, "max_range", 4.0);
        if (min > max) {
            throw new ParameterException("min_range", "parameter 'min_range' (" + min + ") must not exceed"
                    + " 'max_range' (" + max + ")");
        }
        double variance = Strings.finite(p, "variance", 0.0);
        return new RangeConfig(sensor, frame, InterfaceNames.of(sensor, "range"), radiation, fov, min, max, variance);
    }
}
