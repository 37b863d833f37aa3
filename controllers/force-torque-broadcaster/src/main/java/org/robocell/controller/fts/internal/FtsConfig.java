package org.robocell.controller.fts.internal;

import static org.robocell.controller.fts.internal.ForceTorqueSensorBroadcaster.AXES;
import static org.robocell.controller.fts.internal.ForceTorqueSensorBroadcaster.N;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.robocell.api.controller.ParameterException;
import org.robocell.api.controller.ParameterNames;
import org.robocell.api.controller.Parameters;
import org.robocell.controller.common.InterfaceNames;

/**
 * The force/torque sensor broadcaster's parameters, read at configure and by {@code checkParameters}.
 *
 * @param perAxis     per axis, the full state interface name, or null when the axis has none
 * @param calibration offsets at 0..5, multipliers at 6..11, all finite
 */
record FtsConfig(String frameId, List<String> perAxis, double[] calibration) {

    /**
     * The parameters {@link #read} reads, named as in ros2_controllers' {@code force_torque_sensor_broadcaster}
     * ({@code src/force_torque_sensor_broadcaster_parameters.yaml}); those it does not implement are unknown.
     */
    static final ParameterNames NAMES = names();

    private static ParameterNames names() {
        List<String> names = new ArrayList<>(List.of("sensor_name", "frame_id"));
        for (String axis : AXES) {
            names.add("interface_names." + axis);
            names.add("offset." + axis);
            names.add("multiplier." + axis);
        }
        return ParameterNames.of(names.toArray(String[]::new));
    }

    /** @throws ParameterException naming the parameter */
    static FtsConfig read(Parameters p) {
        String sensor = p.getString("sensor_name", "").trim();
        List<String> named = new ArrayList<>();
        for (String axis : AXES) {
            named.add(p.getString("interface_names." + axis, "").trim());
        }
        boolean anyNamed = named.stream().anyMatch(n -> !n.isEmpty());
        if (sensor.isEmpty() && !anyNamed) {
            throw new ParameterException("sensor_name", "'sensor_name' or at least one"
                    + " 'interface_names.[force|torque].[x|y|z]' parameter has to be specified");
        }
        if (!sensor.isEmpty() && anyNamed) {
            throw new ParameterException(null, "'sensor_name' and 'interface_names.[force|torque].[x|y|z]' can not"
                    + " be specified together");
        }
        String frame = p.getString("frame_id", "").trim();
        if (frame.isEmpty()) {
            throw new ParameterException("frame_id", "'frame_id' parameter has to be provided");
        }
        double[] calibration = calibration(p, defaultCalibration());
        List<String> perAxis = new ArrayList<>(N);
        List<String> names = new ArrayList<>();
        for (int a = 0; a < N; a++) {
            String name = sensor.isEmpty() ? named.get(a) : InterfaceNames.of(sensor, AXES.get(a));
            perAxis.add(name.isEmpty() ? null : name);
            if (!name.isEmpty()) {
                if (names.contains(name)) {
                    throw new ParameterException("interface_names." + AXES.get(a), "state interface '" + name
                            + "' is named for two axes");
                }
                names.add(name);
            }
        }
        return new FtsConfig(frame, java.util.Collections.unmodifiableList(perAxis), calibration);
    }

    /** Offsets 0, multipliers 1. */
    static double[] defaultCalibration() {
        double[] c = new double[2 * N];
        Arrays.fill(c, N, 2 * N, 1.0);
        return c;
    }

    /** Offsets and multipliers in the calibration layout, missing ones from {@code fallback}; all finite. */
    static double[] calibration(Parameters p, double[] fallback) {
        double[] c = new double[2 * N];
        for (int a = 0; a < N; a++) {
            c[a] = finite(p, "offset." + AXES.get(a), fallback[a]);
            c[N + a] = finite(p, "multiplier." + AXES.get(a), fallback[N + a]);
        }
        return c;
    }

    private static double finite(Parameters p, String key, double fallback) {
        double v = p.getDouble(key, fallback);
        if (!Double.isFinite(v)) {
            throw new ParameterException(key, "parameter '" + key + "' must be a finite number, got " + v);
        }
        return v;
    }
}
