package org.robocell.controller.broadcasters.internal;

import java.util.ArrayList;
import java.util.List;

import org.robocell.api.controller.ParameterException;
import org.robocell.api.controller.ParameterNames;
import org.robocell.api.controller.Parameters;
import org.robocell.controller.common.InterfaceNames;

/**
 * The IMU sensor broadcaster's parameters, named as in ros2_controllers' {@code imu_sensor_broadcaster}
 * ({@code src/imu_sensor_broadcaster_parameters.yaml}): {@code sensor_name} and {@code frame_id} (required), the
 * three {@code static_covariance_*} (nine finite numbers each, row major, default zeros) and
 * {@code rotation_offset.roll/pitch/yaw} (radians, Z-Y'-X'', default 0).
 *
 * @param interfaces  the ten state interfaces, {@code <sensor_name>/orientation.x} … {@code linear_acceleration.z}
 * @param covariances orientation, angular velocity, linear acceleration covariance, 9 values each, as configured
 */
record ImuConfig(String sensorName, String frameId, List<String> interfaces, double[] covariances, double roll,
        double pitch, double yaw) {

    /** The interfaces of an IMU, in publication order (the {@code semantic_components::IMUSensor} names). */
    static final List<String> AXES = List.of("orientation.x", "orientation.y", "orientation.z", "orientation.w",
            "angular_velocity.x", "angular_velocity.y", "angular_velocity.z", "linear_acceleration.x",
            "linear_acceleration.y", "linear_acceleration.z");

    static final List<String> COVARIANCES = List.of("static_covariance_orientation",
            "static_covariance_angular_velocity", "static_covariance_linear_acceleration");

    static final ParameterNames NAMES = ParameterNames.of("sensor_name", "frame_id", "static_covariance_orientation",
            "static_covariance_angular_velocity", "static_covariance_linear_acceleration", "rotation_offset.roll",
            "rotation_offset.pitch", "rotation_offset.yaw");

    /** @throws ParameterException naming the parameter */
    static ImuConfig read(Parameters p) {
        String sensor = Strings.required(p, "sensor_name");
        String frame = Strings.required(p, "frame_id");
        double[] covariances = new double[27];
        for (int c = 0; c < 3; c++) {
            String key = COVARIANCES.get(c);
            double[] v = p.getDoubleArray(key, new double[9]);
            if (v.length != 9) {
                throw new ParameterException(key, "parameter '" + key + "' must hold 9 numbers (a 3x3 matrix, row"
                        + " major), got " + v.length);
            }
            for (int i = 0; i < 9; i++) {
                if (!Double.isFinite(v[i])) {
                    throw new ParameterException(key, "parameter '" + key + "' must hold finite numbers, got "
                            + v[i] + " at index " + i);
                }
            }
            System.arraycopy(v, 0, covariances, 9 * c, 9);
        }
        List<String> interfaces = new ArrayList<>(AXES.size());
        for (String axis : AXES) {
            interfaces.add(InterfaceNames.of(sensor, axis));
        }
        return new ImuConfig(sensor, frame, List.copyOf(interfaces), covariances,
                Strings.finite(p, "rotation_offset.roll", 0.0), Strings.finite(p, "rotation_offset.pitch", 0.0),
                Strings.finite(p, "rotation_offset.yaw", 0.0));
    }
}
