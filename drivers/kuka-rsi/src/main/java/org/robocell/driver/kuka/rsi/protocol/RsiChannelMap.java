package org.robocell.driver.kuka.rsi.protocol;

import java.util.List;

/**
 * Which RSI channels carry what, in both directions: the names configured in the robot controller's ETHERNET
 * configuration file. The defaults are those of the common configuration shipped with the public ROS drivers:
 * {@code <Rob>} with {@code AIPos A1..A6}, {@code RIst X Y Z A B C}, {@code Delay D} and {@code IPOC};
 * {@code <Sen Type="ImFree">} with {@code Stop}, {@code AK A1..A6} and {@code IPOC}.
 * <p>
 * Driver and emulator build their {@link RsiLayout}s from the same map, so they agree by construction.
 *
 * @param axisCount    how many axes the robot reports and takes (1..6: attributes A1..An)
 * @param actualAxes   element of the measured axis positions, degrees (required)
 * @param actualPose   element of the measured Cartesian pose X Y Z (mm) A B C (deg), or empty for none
 * @param delay        tag of the late-reply counter, or empty for none
 * @param ipoc         element of the interpolation-cycle timestamp (required both ways)
 * @param inputs       further robot→PC channels (digital inputs and other scalars), any may be absent in a message;
 *                     each is a tag with an optional {@code :decimals} suffix ({@code DiL}, {@code Tech.T21:2}),
 *                     0 decimals (an integer: BOOL, LONG) when none is given
 * @param senType      the {@code Type} attribute of the reply (the controller's {@code SENTYPE})
 * @param axisCommand  element of the axis command in the reply
 * @param stop         tag of the stop flag in the reply, or empty when the RSI program has none
 * @param outputs      further PC→robot channels (digital outputs and other scalars), same syntax as inputs
 */
public record RsiChannelMap(int axisCount, String actualAxes, String actualPose, String delay, String ipoc,
        List<String> inputs, String senType, String axisCommand, String stop, List<String> outputs) {

    public static final String ROBOT_ROOT = "Rob";
    public static final String REPLY_ROOT = "Sen";
    private static final String[] POSE_ATTRIBUTES = { "X", "Y", "Z", "A", "B", "C" };
    private static final int AXIS_DECIMALS = 6;
    /** IPOC and the late-reply count: whole, not negative, and small enough to be echoed exactly. */
    private static final long MAX_COUNT = (long) RsiLayout.MAX_VALUE;

    public RsiChannelMap {
        if (axisCount < 1 || axisCount > 6) {
            throw new IllegalArgumentException("RSI carries 1 to 6 robot axes (A1..A6), got " + axisCount);
        }
        require(actualAxes, "actual axes element");
        require(ipoc, "IPOC element");
        require(axisCommand, "axis command element");
        require(senType, "Sen type");
        actualPose = actualPose == null ? "" : actualPose;
        delay = delay == null ? "" : delay;
        stop = stop == null ? "" : stop;
        inputs = List.copyOf(inputs);
        outputs = List.copyOf(outputs);
    }

    /** The common ETHERNET configuration for a six-axis arm. */
    public static RsiChannelMap defaults() {
        return defaults(6);
    }

    public static RsiChannelMap defaults(int axisCount) {
        return new RsiChannelMap(axisCount, "AIPos", "RIst", "Delay.D", "IPOC", List.of(), "ImFree", "AK", "Stop",
                List.of());
    }

    public RsiChannelMap withInputs(List<String> tags) {
        return new RsiChannelMap(axisCount, actualAxes, actualPose, delay, ipoc, tags, senType, axisCommand, stop,
                outputs);
    }

    public RsiChannelMap withOutputs(List<String> tags) {
        return new RsiChannelMap(axisCount, actualAxes, actualPose, delay, ipoc, inputs, senType, axisCommand, stop,
                tags);
    }

    public boolean hasPose() {
        return !actualPose.isEmpty();
    }

    public boolean hasDelay() {
        return !delay.isEmpty();
    }

    public boolean hasStop() {
        return !stop.isEmpty();
    }

    /** Tag of axis {@code i} (0-based) in element {@code element}: {@code AIPos.A1}. */
    public static String axisTag(String element, int i) {
        return element + ".A" + (i + 1);
    }

    /** Tag of pose component {@code i} (0..5 = X Y Z A B C) of the actual pose element. */
    public String poseTag(int i) {
        return actualPose + "." + POSE_ATTRIBUTES[i];
    }

    /**
     * The robot→PC message: axes, pose, delay, inputs, IPOC. Axes and IPOC are required; the others may be absent
     * (they then keep their last value). IPOC and delay are whole numbers from 0.
     */
    public RsiLayout robotLayout() {
        RsiLayout.Builder b = RsiLayout.builder(ROBOT_ROOT).rootAttribute("Type", "KUKA");
        if (hasPose()) {
            for (int i = 0; i < 6; i++) {
                b.optional(poseTag(i), 4);
            }
        }
        for (int i = 0; i < axisCount; i++) {
            b.required(axisTag(actualAxes, i), 4);
        }
        if (hasDelay()) {
            b.optionalInteger(delay, 0, MAX_COUNT);
        }
        for (String spec : inputs) {
            b.optional(tagOf(spec), decimalsOf(spec));
        }
        return b.requiredInteger(ipoc, 0, MAX_COUNT).build();
    }

    /** The PC→robot reply: stop flag (0 or 1), axis command, outputs, IPOC (a whole number from 0); all required. */
    public RsiLayout replyLayout() {
        RsiLayout.Builder b = RsiLayout.builder(REPLY_ROOT).rootAttribute("Type", senType);
        if (hasStop()) {
            b.requiredInteger(stop, 0, 1);
        }
        for (int i = 0; i < axisCount; i++) {
            b.required(axisTag(axisCommand, i), AXIS_DECIMALS);
        }
        for (String spec : outputs) {
            b.required(tagOf(spec), decimalsOf(spec));
        }
        return b.requiredInteger(ipoc, 0, MAX_COUNT).build();
    }

    /** The tag of an input or output channel spec: {@code Tech.T21} of {@code Tech.T21:2}. */
    public static String tagOf(String spec) {
        int colon = spec.indexOf(':');
        return (colon < 0 ? spec : spec.substring(0, colon)).trim();
    }

    /** The decimals of an input or output channel spec, 0 when it names none. */
    public static int decimalsOf(String spec) {
        int colon = spec.indexOf(':');
        if (colon < 0) {
            return 0;
        }
        try {
            return Integer.parseInt(spec.substring(colon + 1).trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("RSI channel " + RsiLayout.quoted(spec)
                    + ": decimals after ':' must be a number");
        }
    }

    private static void require(String value, String what) {
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException("the RSI " + what + " must be named");
        }
    }
}
