package org.robocell.driver.kuka.rsi.protocol;

import java.util.List;

/**
 * Which RSI channels carry what, in both directions: the names configured in the robot controller's ETHERNET
 * configuration file. Two public configurations are built in:
 * <ul>
 * <li>{@link #kukaDrivers(int)}, the default: the KRL set-up of kroshu's kuka-external-control-sdk that the ROS 2
 * driver kuka_drivers uses ({@code krc_setup/kss/Config/User/Common/SensorInterface/rsi_ethernet.xml}):
 * {@code <Rob>} with {@code RIst}, {@code AIPos A1..A6}, {@code EIPos E1..E6}, {@code Delay D}, {@code IPOC};
 * {@code <Sen Type="KROSHU">} with {@code Stop}, {@code AK A1..A6}, ({@code EK E1..En}), {@code IPOC};</li>
 * <li>{@link #kukaExperimental(int)}: ROS-Industrial's kuka_experimental ({@code kuka_rsi_hw_interface/krl/KR_C4/
 * ros_rsi_ethernet.xml}): {@code <Rob>} with {@code RIst}, {@code RSol}, {@code AIPos}, {@code ASPos},
 * {@code Delay D}, {@code IPOC}; {@code <Sen Type="ImFree">} with {@code AK A1..A6} and {@code IPOC}, no stop
 * flag.</li>
 * </ul>
 * Driver and emulator build their {@link RsiLayout}s from the same map, so they agree by construction.
 *
 * @param axisCount           how many robot axes the robot reports and takes (1..6: attributes A1..An)
 * @param actualAxes          element of the measured axis positions, degrees (required)
 * @param actualPose          element of the measured Cartesian pose X Y Z (mm) A B C (deg), or empty for none
 * @param delay               tag of the late-reply counter, or empty for none
 * @param ipoc                element of the interpolation-cycle timestamp (required both ways)
 * @param inputs              further robot→PC channels (digital inputs and other scalars), any may be absent in a
 *                            message; each is a tag with an optional {@code :decimals} suffix ({@code DiL},
 *                            {@code Tech.T21:2}), 0 decimals (an integer: BOOL, LONG) when none is given
 * @param senType             the {@code Type} attribute of the reply (the controller's {@code SENTYPE})
 * @param axisCommand         element of the axis command in the reply
 * @param stop                tag of the stop flag in the reply, or empty when the RSI program has none
 * @param outputs             further PC→robot channels (digital outputs and other scalars), same syntax as inputs
 * @param externalAxisCount   how many external axes (E1..En, 0..6) the PC commands through {@code externalAxisCommand}
 * @param externalActualAxes  element of the measured external axes ({@code DEF_EIPos}: always E1..E6), or empty when
 *                            the controller does not send it; the first {@code externalAxisCount} are required
 * @param externalAxisCommand element of the external axis command in the reply (E1..En)
 * @param setpointPose        element of the commanded Cartesian pose ({@code DEF_RSol}), or empty for none
 * @param setpointAxes        element of the commanded axis positions ({@code DEF_ASPos}), or empty for none
 * @param cartesianCorrection element of the Cartesian correction in the reply ({@code RKorr}: X Y Z in mm, A B C in
 *                            degrees, applied by the RSI program's POSCORR object), or empty when the PC corrects
 *                            axes only
 * @since 1.2 (external axes and setpoints), 1.3 ({@code cartesianCorrection})
 */
public record RsiChannelMap(int axisCount, String actualAxes, String actualPose, String delay, String ipoc,
        List<String> inputs, String senType, String axisCommand, String stop, List<String> outputs,
        int externalAxisCount, String externalActualAxes, String externalAxisCommand, String setpointPose,
        String setpointAxes, String cartesianCorrection) {

    public static final String ROBOT_ROOT = "Rob";
    public static final String REPLY_ROOT = "Sen";
    /** RSI's built-in axis elements ({@code DEF_AIPos}, {@code DEF_EIPos}, ...) always carry six values. */
    public static final int BUILT_IN_AXES = 6;
    private static final String[] POSE_ATTRIBUTES = { "X", "Y", "Z", "A", "B", "C" };
    private static final int AXIS_DECIMALS = 6;
    /** IPOC and the late-reply count: whole, not negative, and small enough to be echoed exactly. */
    private static final long MAX_COUNT = (long) RsiLayout.MAX_VALUE;

    public RsiChannelMap {
        if (axisCount < 1 || axisCount > 6) {
            throw new IllegalArgumentException("RSI carries 1 to 6 robot axes (A1..A6), got " + axisCount);
        }
        if (externalAxisCount < 0 || externalAxisCount > 6) {
            throw new IllegalArgumentException("RSI carries 0 to 6 external axes (E1..E6), got " + externalAxisCount);
        }
        require(actualAxes, "actual axes element");
        require(ipoc, "IPOC element");
        require(axisCommand, "axis command element");
        require(senType, "Sen type");
        actualPose = actualPose == null ? "" : actualPose;
        delay = delay == null ? "" : delay;
        stop = stop == null ? "" : stop;
        externalActualAxes = externalActualAxes == null ? "" : externalActualAxes;
        externalAxisCommand = externalAxisCommand == null ? "" : externalAxisCommand;
        setpointPose = setpointPose == null ? "" : setpointPose;
        setpointAxes = setpointAxes == null ? "" : setpointAxes;
        cartesianCorrection = cartesianCorrection == null ? "" : cartesianCorrection.trim();
        if (externalAxisCount > 0) {
            require(externalActualAxes, "external axes element");
            require(externalAxisCommand, "external axis command element");
        }
        inputs = List.copyOf(inputs);
        outputs = List.copyOf(outputs);
    }

    /**
     * The channels of version 1.2: no Cartesian correction.
     *
     * @since 1.2
     */
    public RsiChannelMap(int axisCount, String actualAxes, String actualPose, String delay, String ipoc,
            List<String> inputs, String senType, String axisCommand, String stop, List<String> outputs,
            int externalAxisCount, String externalActualAxes, String externalAxisCommand, String setpointPose,
            String setpointAxes) {
        this(axisCount, actualAxes, actualPose, delay, ipoc, inputs, senType, axisCommand, stop, outputs,
                externalAxisCount, externalActualAxes, externalAxisCommand, setpointPose, setpointAxes, "");
    }

    /**
     * The channels of version 1.1: no external axes, no setpoint elements.
     *
     * @deprecated name the external axes and setpoint elements, or start from a preset
     */
    @Deprecated
    public RsiChannelMap(int axisCount, String actualAxes, String actualPose, String delay, String ipoc,
            List<String> inputs, String senType, String axisCommand, String stop, List<String> outputs) {
        this(axisCount, actualAxes, actualPose, delay, ipoc, inputs, senType, axisCommand, stop, outputs, 0, "", "",
                "", "");
    }

    /** The default configuration for a six-axis arm: {@link #kukaDrivers(int)}. */
    public static RsiChannelMap defaults() {
        return defaults(6);
    }

    /** The default configuration: {@link #kukaDrivers(int)}. */
    public static RsiChannelMap defaults(int axisCount) {
        return kukaDrivers(axisCount);
    }

    /**
     * kuka_drivers' robot-side configuration (kuka-external-control-sdk {@code rsi_ethernet.xml}, SENTYPE
     * {@code KROSHU}), without external axes commanded.
     *
     * @since 1.2
     */
    public static RsiChannelMap kukaDrivers(int axisCount) {
        return new RsiChannelMap(axisCount, "AIPos", "RIst", "Delay.D", "IPOC", List.of(), "KROSHU", "AK", "Stop",
                List.of(), 0, "EIPos", "EK", "", "");
    }

    /**
     * ROS-Industrial kuka_experimental's robot-side configuration ({@code ros_rsi_ethernet.xml}, SENTYPE
     * {@code ImFree}): the robot also sends its setpoints RSol and ASPos, the reply has no stop flag.
     *
     * @since 1.2
     */
    public static RsiChannelMap kukaExperimental(int axisCount) {
        return new RsiChannelMap(axisCount, "AIPos", "RIst", "Delay.D", "IPOC", List.of(), "ImFree", "AK", "",
                List.of(), 0, "", "EK", "RSol", "ASPos");
    }

    /**
     * A preset by the name of the ROS driver whose robot-side configuration it is: {@code kuka_drivers} or
     * {@code kuka_experimental}.
     *
     * @since 1.2
     */
    public static RsiChannelMap preset(String name, int axisCount) {
        return switch (name.trim()) {
            case "kuka_drivers" -> kukaDrivers(axisCount);
            case "kuka_experimental" -> kukaExperimental(axisCount);
            default -> throw new IllegalArgumentException("RSI configuration must be 'kuka_drivers' or"
                    + " 'kuka_experimental', got " + RsiLayout.quoted(name));
        };
    }

    public RsiChannelMap withInputs(List<String> tags) {
        return new RsiChannelMap(axisCount, actualAxes, actualPose, delay, ipoc, tags, senType, axisCommand, stop,
                outputs, externalAxisCount, externalActualAxes, externalAxisCommand, setpointPose, setpointAxes,
                cartesianCorrection);
    }

    public RsiChannelMap withOutputs(List<String> tags) {
        return new RsiChannelMap(axisCount, actualAxes, actualPose, delay, ipoc, inputs, senType, axisCommand, stop,
                tags, externalAxisCount, externalActualAxes, externalAxisCommand, setpointPose, setpointAxes,
                cartesianCorrection);
    }

    /**
     * This map with {@code count} external axes commanded through {@code command} and measured in {@code actual}.
     *
     * @since 1.2
     */
    public RsiChannelMap withExternalAxes(int count, String actual, String command) {
        return new RsiChannelMap(axisCount, actualAxes, actualPose, delay, ipoc, inputs, senType, axisCommand, stop,
                outputs, count, actual, command, setpointPose, setpointAxes, cartesianCorrection);
    }

    /**
     * This map with the PC's Cartesian correction in reply element {@code element} ({@code RKorr}), or none for an
     * empty name.
     *
     * @since 1.3
     */
    public RsiChannelMap withCartesianCorrection(String element) {
        return new RsiChannelMap(axisCount, actualAxes, actualPose, delay, ipoc, inputs, senType, axisCommand, stop,
                outputs, externalAxisCount, externalActualAxes, externalAxisCommand, setpointPose, setpointAxes,
                element);
    }

    /** @since 1.3 */
    public boolean hasCartesianCorrection() {
        return !cartesianCorrection.isEmpty();
    }

    /**
     * Tag of correction component {@code i} (0..5 = X Y Z A B C) of the Cartesian correction element.
     *
     * @since 1.3
     */
    public String correctionTag(int i) {
        return cartesianCorrection + "." + POSE_ATTRIBUTES[i];
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

    /** @since 1.2 */
    public boolean sendsExternalAxes() {
        return !externalActualAxes.isEmpty();
    }

    /** @since 1.2 */
    public boolean hasSetpointPose() {
        return !setpointPose.isEmpty();
    }

    /** @since 1.2 */
    public boolean hasSetpointAxes() {
        return !setpointAxes.isEmpty();
    }

    /**
     * Tag of external axis {@code i} (0-based) in element {@code element}: {@code EIPos.E1}.
     *
     * @since 1.2
     */
    public static String externalAxisTag(String element, int i) {
        return element + ".E" + (i + 1);
    }

    /**
     * Tag of pose component {@code i} (0..5 = X Y Z A B C) of the setpoint pose element.
     *
     * @since 1.2
     */
    public String setpointPoseTag(int i) {
        return setpointPose + "." + POSE_ATTRIBUTES[i];
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
     * The robot→PC message in the order a controller sends the built-in elements: pose, setpoint pose, axes,
     * setpoint axes, external axes, delay, then the inputs and the IPOC. The axes (and the commanded external axes)
     * and the IPOC are required; the others may be absent (they then keep their last value). IPOC and delay are
     * whole numbers from 0.
     */
    public RsiLayout robotLayout() {
        RsiLayout.Builder b = RsiLayout.builder(ROBOT_ROOT).rootAttribute("Type", "KUKA");
        if (hasPose()) {
            for (int i = 0; i < 6; i++) {
                b.optional(poseTag(i), 4);
            }
        }
        if (hasSetpointPose()) {
            for (int i = 0; i < 6; i++) {
                b.optional(setpointPoseTag(i), 4);
            }
        }
        for (int i = 0; i < axisCount; i++) {
            b.required(axisTag(actualAxes, i), 4);
        }
        if (hasSetpointAxes()) {
            for (int i = 0; i < axisCount; i++) {
                b.optional(axisTag(setpointAxes, i), 4);
            }
        }
        if (sendsExternalAxes()) {
            for (int i = 0; i < BUILT_IN_AXES; i++) {
                String tag = externalAxisTag(externalActualAxes, i);
                if (i < externalAxisCount) {
                    b.required(tag, 4);
                } else {
                    b.optional(tag, 4);
                }
            }
        }
        if (hasDelay()) {
            b.optionalInteger(delay, 0, MAX_COUNT);
        }
        for (String spec : inputs) {
            b.optional(tagOf(spec), decimalsOf(spec));
        }
        return b.requiredInteger(ipoc, 0, MAX_COUNT).build();
    }

    /**
     * The PC→robot reply as the driver writes it: stop flag (0 or 1), Cartesian correction, axis command, external
     * axis command, outputs, IPOC (a whole number from 0); all present.
     */
    public RsiLayout replyLayout() {
        return replyLayout(true);
    }

    /**
     * The reply as a controller reads it with {@code HOLDON} on its channels: only the IPOC must be there; a stop
     * flag, command or output that is missing takes its HOLDON value.
     *
     * @since 1.2
     */
    public RsiLayout replyLayoutAsReceived() {
        return replyLayout(false);
    }

    private RsiLayout replyLayout(boolean complete) {
        RsiLayout.Builder b = RsiLayout.builder(REPLY_ROOT).rootAttribute("Type", senType);
        if (hasStop()) {
            if (complete) {
                b.requiredInteger(stop, 0, 1);
            } else {
                b.optionalInteger(stop, 0, 1);
            }
        }
        if (hasCartesianCorrection()) {
            for (int i = 0; i < 6; i++) {
                channel(b, correctionTag(i), AXIS_DECIMALS, complete);
            }
        }
        for (int i = 0; i < axisCount; i++) {
            channel(b, axisTag(axisCommand, i), AXIS_DECIMALS, complete);
        }
        for (int i = 0; i < externalAxisCount; i++) {
            channel(b, externalAxisTag(externalAxisCommand, i), AXIS_DECIMALS, complete);
        }
        for (String spec : outputs) {
            channel(b, tagOf(spec), decimalsOf(spec), complete);
        }
        return b.requiredInteger(ipoc, 0, MAX_COUNT).build();
    }

    private static void channel(RsiLayout.Builder b, String tag, int decimals, boolean required) {
        if (required) {
            b.required(tag, decimals);
        } else {
            b.optional(tag, decimals);
        }
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
