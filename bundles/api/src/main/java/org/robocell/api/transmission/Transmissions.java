package org.robocell.api.transmission;

import java.util.List;

import org.robocell.api.hardware.TransmissionInfo;
import org.robocell.api.text.Suggestions;

/** Builds the transmission a {@code <transmission>} element describes, as transmission_interface's loaders do. */
public final class Transmissions {

    /** The plugin names of the transmissions there are. */
    public static final List<String> PLUGINS = List.of("transmission_interface/SimpleTransmission",
            "transmission_interface/DifferentialTransmission", "transmission_interface/FourBarLinkageTransmission");

    private Transmissions() {
    }

    /**
     * The transmission {@code info} describes: its joints and actuators in the order written (a simple transmission
     * takes the first joint's reduction and offset; the two-joint ones the actuators' reductions, the joints'
     * reductions and offsets).
     *
     * @throws IllegalArgumentException one line naming the transmission and what was expected: an unknown plugin
     *                                  (with "did you mean"), the wrong number of joints or actuators, a zero or
     *                                  non-finite reduction
     */
    public static Transmission create(TransmissionInfo info) {
        String plugin = info.plugin() == null ? "" : info.plugin().trim().replace("::", "/");
        String what = "transmission '" + info.name() + "'";
        try {
            switch (plugin) {
                case "transmission_interface/SimpleTransmission" -> {
                    count(info, 1);
                    TransmissionInfo.Side joint = info.joints().get(0);
                    return new SimpleTransmission(joint.mechanicalReduction(), joint.offset());
                }
                case "transmission_interface/DifferentialTransmission" -> {
                    count(info, 2);
                    return new DifferentialTransmission(reductions(info.actuators()), reductions(info.joints()),
                            offsets(info.joints()));
                }
                case "transmission_interface/FourBarLinkageTransmission" -> {
                    count(info, 2);
                    return new FourBarLinkageTransmission(reductions(info.actuators()), reductions(info.joints()),
                            offsets(info.joints()));
                }
                default -> throw new IllegalArgumentException("has the plugin '" + info.plugin() + "'"
                        + Suggestions.didYouMean(plugin, PLUGINS) + "; expected one of " + String.join(", ", PLUGINS));
            }
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(what + " " + e.getMessage(), e);
        }
    }

    private static void count(TransmissionInfo info, int n) {
        boolean actuatorsOk = n == 1 ? info.actuators().size() <= 1 : info.actuators().size() == n;
        if (info.joints().size() != n || !actuatorsOk) {
            throw new IllegalArgumentException("has " + info.joints().size() + " joint(s) and "
                    + info.actuators().size() + " actuator(s); expected " + n + " joint(s) and " + n
                    + " actuator(s) for " + info.plugin());
        }
    }

    private static double[] reductions(List<TransmissionInfo.Side> sides) {
        return new double[] {sides.get(0).mechanicalReduction(), sides.get(1).mechanicalReduction()};
    }

    private static double[] offsets(List<TransmissionInfo.Side> sides) {
        return new double[] {sides.get(0).offset(), sides.get(1).offset()};
    }

    static void requireReduction(String what, double value) {
        if (value == 0.0 || !Double.isFinite(value)) {
            throw new IllegalArgumentException("has " + what + " " + value + "; expected a finite, non-zero "
                    + "mechanical_reduction");
        }
    }

    static void requireFinite(String what, double value) {
        if (!Double.isFinite(value)) {
            throw new IllegalArgumentException("has " + what + " " + value + "; expected a finite offset");
        }
    }

    static void requirePair(String what, double[] values, boolean reduction) {
        if (values == null || values.length != 2) {
            throw new IllegalArgumentException("needs two " + what);
        }
        for (double v : values) {
            if (reduction) {
                requireReduction(what, v);
            } else {
                requireFinite(what, v);
            }
        }
    }
}
